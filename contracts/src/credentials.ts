/**
 * URLs and tokens that are credentials (a calendar feed's URL reads every booking without
 * a session; a chat app's incoming-webhook URL posts to the provider's channel) are shown whole to
 * the provider's admin only. Everyone else reads them masked: where they lead and how they end.
 */
export const MASK = '…';

/** Whether someone acting with this role and provider reads a provider's credentials whole. */
export const readsCredentialsOf = (
  actor: { role: string; providerId?: string | undefined },
  providerId: string,
): boolean => actor.role === 'admin' && actor.providerId === providerId;

/** A credential URL masked: its origin, then the mask and its last four characters. */
export const maskedUrl = (url: string): string => {
  const origin = URL.canParse(url) ? new URL(url).origin : '';
  return `${origin}/${MASK}${url.slice(-4)}`;
};

/** A secret token masked: the mask and its last four characters. */
export const maskedToken = (token: string): string => `${MASK}${token.slice(-4)}`;
