import type { Translations } from '../../lib/catalogue';
import { STAFFS_TEXTS as en } from './staffs.texts';

export const staffsTranslations: Translations<typeof en> = {
  en,
  es: {
    title: 'Personal',
    columns: { number: 'N.º', name: 'Nombre', email: 'Correo electrónico', phone: 'Teléfono', role: 'Rol' },
    loading: 'Cargando personal...',
    none: 'No se encontró personal.',
    roles: {
      user: 'usuario',
      admin: 'administrador',
      incharge: 'encargado',
      superadmin: 'superadministrador',
      support: 'soporte',
    },
  },
  fr: {
    title: 'Personnel',
    columns: { number: 'N°', name: 'Nom', email: 'E-mail', phone: 'Téléphone', role: 'Rôle' },
    loading: 'Chargement du personnel...',
    none: 'Aucun membre du personnel trouvé.',
    roles: {
      user: 'utilisateur',
      admin: 'administrateur',
      incharge: 'responsable',
      superadmin: 'super-administrateur',
      support: 'assistance',
    },
  },
};
