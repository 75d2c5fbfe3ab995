import type { NotificationPreferences } from '@appointment/contracts/accounts';
import type { UserEventAsRead } from '@appointment/contracts/events/accounts';
import type { EventsFit } from '@appointment/contracts/events/read-event';
import { DEFAULT_TIMEZONE, PASSWORD_RESET_VALID_MINUTES } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Role } from '@appointment/contracts/roles';
import type { Command, Decider } from '../domain/command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../domain/errors';

export const userStream = (userId: string) => `user-${userId}`;

/** How long the link to a new address works. */
export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60_000;

export interface ProfileFields {
  name: string;
  email: string;
  phone: string;
  timezone: string;
  language: 'en' | 'es' | 'fr';
  notificationPreferences: NotificationPreferences;
}

export type UserCommand =
  | (Command & {
      type: 'RegisterUser';
      data: {
        userId: string;
        name: string;
        email: string;
        phone: string;
        role: Role;
        passwordHash: string;
        providerId?: string;
        emailVerified?: boolean;
      };
    })
  | (Command & { type: 'VerifyEmail'; data: Record<string, never> })
  | (Command & { type: 'RequestEmailVerification'; data: Record<string, never> })
  | (Command & { type: 'RequestEmailChange'; data: { newEmail: string; requestId: string } })
  | (Command & { type: 'ConfirmEmailChange'; data: { requestId: string } })
  | (Command & { type: 'UpdateProfile'; data: ProfileFields })
  | (Command & { type: 'ChangeProfilePicture'; data: { imageurl: string } })
  | (Command & { type: 'ChangePassword'; data: { passwordHash: string } })
  /** A reset link is mailed; `requestId` names it. Expires from the command's `now`. */
  | (Command & { type: 'RequestPasswordReset'; data: { requestId: string } })
  /** The link of request `requestId` sets a new password (its signature already checked). */
  | (Command & { type: 'ResetPassword'; data: { requestId: string; passwordHash: string } })
  | (Command & { type: 'DeleteUser'; data: { reason: string } });

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        name: string;
        email: string;
        phone: string;
        role: Role;
        passwordHash: string;
        providerId?: string;
        timezone: string;
        language: 'en' | 'es' | 'fr';
        notificationPreferences: NotificationPreferences;
        /** True for accounts created already verified (demo data, approved staff). */
        emailVerified: boolean;
        at: string;
      };
    }
  | { type: 'EmailVerified'; data: { at: string } }
  /** The person asked for the confirmation link again (the mail outbox sends it). */
  | { type: 'EmailVerificationRequested'; data: { at: string } }
  /** A new address, waiting for its owner to open the link sent to it (a day). */
  | {
      type: 'EmailChangeRequested';
      data: { newEmail: string; requestId: string; expiresAt: string; at: string };
    }
  | { type: 'ProfileUpdated'; data: ProfileFields & { at: string } }
  | { type: 'ProfilePictureChanged'; data: { imageurl: string; at: string } }
  | { type: 'PasswordResetRequested'; data: { requestId: string; expiresAt: string; at: string } }
  | {
      type: 'PasswordChanged';
      /** `resetRequestId`: set through that password reset link, not by the signed-in person. */
      data: { passwordHash: string; resetRequestId?: string; at: string };
    }
  | { type: 'UserDeleted'; data: { reason: string; email: string; at: string } };

/** What the user decider writes reads back through its schemas (contracts/src/events/accounts.ts). */
const _writtenAsRead: EventsFit<UserEvent, UserEventAsRead> = true;

export type User =
  | { status: 'none' }
  | (ProfileFields & {
      status: 'active' | 'deleted';
      userId: string;
      role: Role;
      passwordHash: string;
      providerId?: string;
      emailVerified: boolean;
      imageurl?: string;
      /** The newest password reset request; its link works once, until `expiresAt`. */
      passwordReset?: { requestId: string; expiresAt: string; used: boolean };
      /** The address asked for last, until it is confirmed or expires. */
      pendingEmail?: { email: string; requestId: string; expiresAt: string };
      /**
       * Whether the person chose their zone: a profile update changed it from the one registration
       * gave. Only a chosen zone is the viewer's zone for "Your time" (docs/product.md §3).
       */
      zoneChosen?: boolean;
    });

export const userDecider: Decider<UserCommand, UserEvent, User> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered': {
        const { at: _at, ...fields } = event.data;
        return { ...fields, status: 'active' };
      }
      case 'EmailVerified':
        return state.status === 'none' ? state : { ...state, emailVerified: true };
      case 'ProfileUpdated': {
        if (state.status === 'none') return state;
        const { at: _at, ...fields } = event.data;
        // The pending address, once it is the account's, is pending no more.
        const confirmed = state.pendingEmail?.email === fields.email;
        const zoneChosen = state.zoneChosen === true || fields.timezone !== state.timezone;
        return {
          ...state,
          ...fields,
          ...(confirmed ? { pendingEmail: undefined } : {}),
          ...(zoneChosen ? { zoneChosen } : {}),
        };
      }
      case 'EmailChangeRequested': {
        if (state.status === 'none') return state;
        const { newEmail: email, requestId, expiresAt } = event.data;
        return { ...state, pendingEmail: { email, requestId, expiresAt } };
      }
      case 'ProfilePictureChanged':
        return state.status === 'none' ? state : { ...state, imageurl: event.data.imageurl };
      case 'PasswordResetRequested':
        return state.status === 'none'
          ? state
          : {
              ...state,
              passwordReset: {
                requestId: event.data.requestId,
                expiresAt: event.data.expiresAt,
                used: false,
              },
            };
      case 'PasswordChanged': {
        if (state.status === 'none') return state;
        const { passwordReset } = state;
        const used = passwordReset && passwordReset.requestId === event.data.resetRequestId;
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          ...(used ? { passwordReset: { ...passwordReset, used: true } } : {}),
        };
      }
      case 'UserDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    const at = command.metadata.now;
    if (command.type === 'RegisterUser') {
      if (state.status !== 'none') throw new ConflictError(MESSAGES.userExists);
      return [
        {
          type: 'UserRegistered',
          data: {
            ...command.data,
            emailVerified: command.data.emailVerified ?? false,
            timezone: DEFAULT_TIMEZONE,
            language: 'en',
            notificationPreferences: { email: true, sms: false, whatsapp: false },
            at,
          },
        },
      ];
    }
    if (state.status !== 'active') throw new NotFoundError(MESSAGES.userNotFound);
    switch (command.type) {
      case 'VerifyEmail':
        return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { at } }];
      case 'RequestEmailVerification':
        return state.emailVerified ? [] : [{ type: 'EmailVerificationRequested', data: { at } }];
      case 'RequestEmailChange': {
        const expiresAt = new Date(Date.parse(at) + EMAIL_CHANGE_VALID_MS).toISOString();
        return [{ type: 'EmailChangeRequested', data: { ...command.data, expiresAt, at } }];
      }
      case 'ConfirmEmailChange': {
        const pending = state.pendingEmail;
        if (!pending || pending.requestId !== command.data.requestId || at > pending.expiresAt) {
          throw new ValidationError(MESSAGES.verificationInvalid);
        }
        const { name, phone, timezone, language, notificationPreferences } = state;
        return [
          {
            type: 'ProfileUpdated',
            data: { name, email: pending.email, phone, timezone, language, notificationPreferences, at },
          },
          ...(state.emailVerified ? [] : [{ type: 'EmailVerified' as const, data: { at } }]),
        ];
      }
      case 'UpdateProfile':
        return [{ type: 'ProfileUpdated', data: { ...command.data, at } }];
      case 'ChangeProfilePicture':
        return [{ type: 'ProfilePictureChanged', data: { imageurl: command.data.imageurl, at } }];
      case 'ChangePassword':
        return [{ type: 'PasswordChanged', data: { passwordHash: command.data.passwordHash, at } }];
      case 'RequestPasswordReset': {
        const expiresAt = new Date(Date.parse(at) + PASSWORD_RESET_VALID_MINUTES * 60_000).toISOString();
        return [
          { type: 'PasswordResetRequested', data: { requestId: command.data.requestId, expiresAt, at } },
        ];
      }
      case 'ResetPassword': {
        const { requestId, passwordHash } = command.data;
        const latest = state.passwordReset;
        // The link is genuine (signed for this user and request), so a request other than the
        // newest was one this person asked for before the newest.
        if (!latest) throw new ValidationError(MESSAGES.resetLinkInvalid);
        if (latest.requestId !== requestId) throw new ValidationError(MESSAGES.resetLinkSuperseded);
        if (latest.used) throw new ValidationError(MESSAGES.resetLinkUsed);
        if (Date.parse(at) > Date.parse(latest.expiresAt))
          throw new ValidationError(MESSAGES.resetLinkExpired);
        // Opening the mailed link shows the person holds the address: it counts as confirmed.
        return [
          { type: 'PasswordChanged', data: { passwordHash, resetRequestId: requestId, at } },
          ...(state.emailVerified ? [] : [{ type: 'EmailVerified' as const, data: { at } }]),
        ];
      }
      case 'DeleteUser':
        if (state.role === 'superadmin')
          throw new IllegalStateError('A superadmin account cannot be deleted');
        return [{ type: 'UserDeleted', data: { reason: command.data.reason, email: state.email, at } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
