import { z } from 'zod';
import { NotificationPreferences } from '../accounts';
import { PasswordResetRequested } from './password-reset';

/**
 * The events of a user's stream (`user-<id>`) and of an e-mail address's claim
 * (`email-<hash>`), written once. The user and e-mail claim deciders produce them (their event
 * types are checked against these schemas); read models and reactors read them with these
 * schemas. They describe what is stored, not the input rules of the forms: a role or language
 * is read as recorded, and a field added later is optional, so an older event stays readable.
 */

const At = z.object({ at: z.string() });

/** The profile as an account holds it (the fields of ProfileUpdated). */
const ProfileFields = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  timezone: z.string(),
  language: z.string(),
  notificationPreferences: NotificationPreferences,
});

export const UserRegistered = ProfileFields.extend({
  userId: z.string(),
  role: z.string(),
  passwordHash: z.string(),
  /** The provider whose staff the account is (incharge, admin). */
  providerId: z.string().optional(),
  /** True for accounts created already verified (demo data, approved staff); absent on older events. */
  emailVerified: z.boolean().optional(),
  at: z.string(),
});

export const EmailVerified = At;
/** The person asked for the confirmation link again (the mail outbox sends it). */
export const EmailVerificationRequested = At;
/** A new address, waiting for its owner to open the link sent to it. */
export const EmailChangeRequested = At.extend({
  newEmail: z.string(),
  requestId: z.string(),
  expiresAt: z.string(),
});
export const ProfileUpdated = ProfileFields.extend(At.shape);
export const ProfilePictureChanged = At.extend({ imageurl: z.string() });
export const PasswordChanged = At.extend({
  passwordHash: z.string(),
  /** Set through that password reset link, not by the signed-in person; absent otherwise. */
  resetRequestId: z.string().optional(),
});
export const UserDeleted = At.extend({ reason: z.string(), email: z.string() });

/** Every user event's data schema, by type. */
export const USER_EVENTS = {
  UserRegistered,
  EmailVerified,
  EmailVerificationRequested,
  EmailChangeRequested,
  ProfileUpdated,
  ProfilePictureChanged,
  PasswordResetRequested,
  PasswordChanged,
  UserDeleted,
} as const;

/** An address claimed by an account, or released by it (its own stream: registration is race-free). */
export const EmailClaimed = At.extend({ userId: z.string() });
export const EmailReleased = At.extend({ userId: z.string() });

/** Every e-mail claim event's data schema, by type. */
export const EMAIL_CLAIM_EVENTS = { EmailClaimed, EmailReleased } as const;

type UserDataOf = { [K in keyof typeof USER_EVENTS]: z.infer<(typeof USER_EVENTS)[K]> };
export type UserEventAsRead = { [K in keyof UserDataOf]: { type: K; data: UserDataOf[K] } }[keyof UserDataOf];

type ClaimDataOf = { [K in keyof typeof EMAIL_CLAIM_EVENTS]: z.infer<(typeof EMAIL_CLAIM_EVENTS)[K]> };
export type EmailClaimEvent = {
  [K in keyof ClaimDataOf]: { type: K; data: ClaimDataOf[K] };
}[keyof ClaimDataOf];
