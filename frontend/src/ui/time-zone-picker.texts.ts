/** The time zone picker: a search box over every IANA zone, and the list of the zones it finds. */
export const TIME_ZONE_PICKER_TEXTS = {
  search: 'Search zones',
  placeholder: 'Type a city or region, e.g. Kolkata',
  matches_one: '{{count}} time zone found',
  matches_other: '{{count}} time zones found',
};
