/** The viewer's own clock, beside times written in the provider's zone. */
export const VIEWER_TIME_TEXTS = {
  yourTime: 'Your time ({{timeZone}}): {{date}}, {{start}} - {{end}}',
};
