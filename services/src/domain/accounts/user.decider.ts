import type { NotificationPreferences } from '@appointment/contracts/accounts';
import { DEFAULT_TIMEZONE } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Role } from '@appointment/contracts/roles';
import type { Command, Decider } from '../command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../errors';

export const userStream = (userId: string) => `user-${userId}`;

/** Issue 26: how long the link to a new address works. */
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
  /** Issue 26: the person asked for the confirmation link again (the mail outbox sends it). */
  | { type: 'EmailVerificationRequested'; data: { at: string } }
  /** Issue 26: a new address, waiting for its owner to open the link sent to it (a day). */
  | {
      type: 'EmailChangeRequested';
      data: { newEmail: string; requestId: string; expiresAt: string; at: string };
    }
  | { type: 'ProfileUpdated'; data: ProfileFields & { at: string } }
  | { type: 'ProfilePictureChanged'; data: { imageurl: string; at: string } }
  | { type: 'PasswordChanged'; data: { passwordHash: string; at: string } }
  | { type: 'UserDeleted'; data: { reason: string; email: string; at: string } };

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
      /** Issue 26: the address asked for last, until it is confirmed or expires. */
      pendingEmail?: { email: string; requestId: string; expiresAt: string };
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
        return { ...state, ...fields, ...(confirmed ? { pendingEmail: undefined } : {}) };
      }
      case 'EmailChangeRequested': {
        if (state.status === 'none') return state;
        const { newEmail: email, requestId, expiresAt } = event.data;
        return { ...state, pendingEmail: { email, requestId, expiresAt } };
      }
      case 'ProfilePictureChanged':
        return state.status === 'none' ? state : { ...state, imageurl: event.data.imageurl };
      case 'PasswordChanged':
        return state.status === 'none' ? state : { ...state, passwordHash: event.data.passwordHash };
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
