import { z } from 'zod';

/**
 * Forgetting a person (docs/decisions.md D40). Personal fields of events are stored
 * encrypted with a key per data subject (crypto-shredding): a person (their user id) or a
 * business that registered itself (its provider id). This module says which fields of which
 * events are personal, whose they are, and what a reader sees once the subject is forgotten.
 * The encryption itself lives in services (services/src/privacy).
 */

/** What every reader shows in place of a forgotten subject's name or e-mail address. */
export const FORGOTTEN_USER = 'Forgotten user';
/** In place of a notification that named a forgotten person. */
export const FORGOTTEN_MESSAGE = 'A notification about a forgotten user.';

/** Recorded once a subject's key is gone; read models scrub what they kept of them. */
export const PersonForgotten = z.object({
  personId: z.string(),
  /** `user` for an account, `provider` for a rejected provider's registration. */
  kind: z.enum(['user', 'provider']),
  at: z.string(),
});
export type PersonForgottenData = z.infer<typeof PersonForgotten>;

export const PRIVACY_EVENTS = { PersonForgotten } as const;

/** The stream of a subject's privacy events. */
export const privacyStream = (personId: string): string => `privacy-${personId}`;

interface EventLike {
  streamName: string;
  data: Record<string, unknown>;
}

/** Which fields of an event type are personal, whose they are, and their placeholder. */
export interface PersonalFields {
  /** The subject whose key encrypts them; undefined when the event names none. */
  subject: (event: EventLike) => string | undefined;
  /** Field name → what a reader sees once the subject is forgotten. */
  fields: Readonly<Record<string, string>>;
}

const field =
  (name: string) =>
  (event: EventLike): string | undefined => {
    const value = event.data[name];
    return typeof value === 'string' && value ? value : undefined;
  };
const streamId =
  (prefix: string) =>
  (event: EventLike): string | undefined =>
    event.streamName.startsWith(prefix) ? event.streamName.slice(prefix.length) || undefined : undefined;

const PERSON = { name: FORGOTTEN_USER, email: FORGOTTEN_USER, phone: '' } as const;

/**
 * Every event type that holds personal data, and which of its fields. One place: the encrypting
 * store, the reader of old clear events and the tests all read this table.
 */
export const PERSONAL_DATA: Readonly<Record<string, PersonalFields>> = {
  UserRegistered: { subject: field('userId'), fields: PERSON },
  ProfileUpdated: { subject: streamId('user-'), fields: PERSON },
  ProfilePictureChanged: { subject: streamId('user-'), fields: { imageurl: '' } },
  EmailChangeRequested: { subject: streamId('user-'), fields: { newEmail: FORGOTTEN_USER } },
  UserDeleted: { subject: streamId('user-'), fields: { email: FORGOTTEN_USER } },
  ProviderRegistered: {
    subject: field('providerId'),
    fields: { businessName: FORGOTTEN_USER, email: FORGOTTEN_USER, phone: '', address: '' },
  },
  ProviderRejected: {
    subject: field('providerId'),
    fields: { businessName: FORGOTTEN_USER },
  },
  IntervalBooked: {
    subject: field('userId'),
    fields: { email: FORGOTTEN_USER, username: FORGOTTEN_USER, note: '', imageUrl: '' },
  },
  AppointmentMovedIn: {
    subject: field('userId'),
    fields: { email: FORGOTTEN_USER, username: FORGOTTEN_USER, note: '', imageUrl: '' },
  },
  ReminderSent: { subject: field('userId'), fields: { email: FORGOTTEN_USER } },
  // A reason for time off may say why a person is away (leave, illness): the provider's to forget.
  TimeOffAdded: { subject: field('providerId'), fields: { reason: '' } },
  NotificationCreated: {
    subject: (event) => field('subjectId')(event) ?? field('userId')(event),
    fields: { message: FORGOTTEN_MESSAGE },
  },
};
