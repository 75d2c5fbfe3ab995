import type { Catalogue, Translations } from '../../lib/catalogue';
import { WAITLIST_TEXTS as en } from './waitlist.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  title: 'Lista de espera',
  lead: 'Las plazas completas que espera. Cuando una se libera, la primera persona en espera la recibe, reservada para ella un tiempo.',
  empty: 'No espera ninguna plaza.',
  loading: 'Cargando su lista de espera...',
  when: 'Cuándo',
  status: 'Estado',
  position: 'Posición',
  waiting: 'En espera',
  offered: 'Ofrecida a usted',
  claimed: 'Reservada',
  declined: 'Rechazada',
  expired: 'Caducada',
  left: 'Abandonada',
  withdrawn: 'Retirada por el proveedor',
  heldUntil: 'Reservada para usted hasta {{until}}',
  anyPlaceOn: 'Cualquier plaza el {{day}}',
  leave: 'Salir',
  claim: 'Reservarla',
  decline: 'Rechazar',
  claimTitle: 'Hay una plaza libre para usted',
  claimLead:
    'Está reservada para usted hasta {{until}}. Resérvela o deje que la reciba la siguiente persona.',
  claimedNote: 'La plaza es suya: la encontrará en Mis citas.',
  declinedNote: 'La plaza pasa a la siguiente persona en espera.',
  notOpen: 'Esta oferta ya no está abierta.',
  loadingOffer: 'Cargando la oferta...',
};

const fr: Texts = {
  title: 'Liste d’attente',
  lead: 'Les places complètes que vous attendez. Quand l’une se libère, la première personne en attente la reçoit, réservée pour elle un moment.',
  empty: 'Vous n’attendez aucune place.',
  loading: 'Chargement de votre liste d’attente...',
  when: 'Quand',
  status: 'Statut',
  position: 'Rang',
  waiting: 'En attente',
  offered: 'Proposée à vous',
  claimed: 'Réservée',
  declined: 'Déclinée',
  expired: 'Expirée',
  left: 'Quittée',
  withdrawn: 'Retirée par le prestataire',
  heldUntil: 'Réservée pour vous jusqu’au {{until}}',
  anyPlaceOn: 'N’importe quelle place le {{day}}',
  leave: 'Quitter',
  claim: 'La réserver',
  decline: 'Décliner',
  claimTitle: 'Une place est libre pour vous',
  claimLead: 'Elle vous est réservée jusqu’au {{until}}. Réservez-la, ou laissez-la à la personne suivante.',
  claimedNote: 'La place est à vous : retrouvez-la dans Mes rendez-vous.',
  declinedNote: 'La place passe à la personne suivante en attente.',
  notOpen: 'Cette offre n’est plus ouverte.',
  loadingOffer: 'Chargement de l’offre...',
};

export const waitlistTranslations: Translations<typeof en> = { en, es, fr };
