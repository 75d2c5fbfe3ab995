import { z } from 'zod';

/**
 * The password reset events of a user's stream (`user-<id>`). A request names itself and
 * when its link stops working; it holds no address and no token: the mail outbox reads the
 * address from the accounts read model and signs the link with the server's secret, so the log
 * never holds anything that resets a password.
 */
export const PasswordResetRequested = z.object({
  /** Names the link: only the newest request's link works, and only once. */
  requestId: z.uuid(),
  expiresAt: z.string(),
  at: z.string(),
});

/** Every password reset event's data schema, by type. */
export const PASSWORD_RESET_EVENTS = { PasswordResetRequested } as const;

type DataOf = { [K in keyof typeof PASSWORD_RESET_EVENTS]: z.infer<(typeof PASSWORD_RESET_EVENTS)[K]> };
export type PasswordResetEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
