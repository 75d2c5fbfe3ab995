import type { Translations } from '../lib/catalogue';
import { TIME_ZONE_PICKER_TEXTS as en } from './time-zone-picker.texts';

export const timeZonePickerTranslations: Translations<typeof en> = {
  en,
  es: {
    search: 'Buscar zonas',
    placeholder: 'Escribe una ciudad o región, p. ej. Madrid',
    matches_one: '{{count}} zona horaria encontrada',
    matches_other: '{{count}} zonas horarias encontradas',
  },
  fr: {
    search: 'Rechercher un fuseau',
    placeholder: 'Tapez une ville ou une région, par ex. Paris',
    matches_one: '{{count}} fuseau horaire trouvé',
    matches_other: '{{count}} fuseaux horaires trouvés',
  },
};
