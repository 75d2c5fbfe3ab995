import type { Command } from '../command-handler';
import { specFor } from '../decider-spec';
import { ConflictError, IllegalStateError, NotFoundError } from '../errors';
import { emailClaimDecider, type EmailClaimCommand } from './email-claim.decider';
import { userDecider, type UserCommand, type UserEvent } from './user.decider';

const now = '2026-11-22T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'actor' };
const prefs = { email: true, sms: false, whatsapp: false };

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    name: 'Asha',
    email: 'asha@example.com',
    phone: '5551234567',
    role: 'user',
    passwordHash: '$argon2id$hash',
    timezone: 'America/New_York',
    language: 'en',
    notificationPreferences: prefs,
    emailVerified: false,
    at: now,
  },
};

describe('e-mail claim decider', () => {
  const spec = specFor(emailClaimDecider);
  const claim = (userId: string): EmailClaimCommand => ({ type: 'ClaimEmail', data: { userId }, metadata });

  it('claims a free address', () =>
    spec
      .given([])
      .when(claim('u1'))
      .then([{ type: 'EmailClaimed', data: { userId: 'u1', at: now } }]));
  it('refuses an address someone holds', () =>
    spec
      .given([{ type: 'EmailClaimed', data: { userId: 'u1', at: now } }])
      .when(claim('u2'))
      .thenThrows(ConflictError, 'User already exists'));
  it('frees an address for a new claim once released', () =>
    spec
      .given([
        { type: 'EmailClaimed', data: { userId: 'u1', at: now } },
        { type: 'EmailReleased', data: { userId: 'u1', at: now } },
      ])
      .when(claim('u2'))
      .then([{ type: 'EmailClaimed', data: { userId: 'u2', at: now } }]));
});

describe('user decider', () => {
  const spec = specFor(userDecider);
  const command = (type: UserCommand['type'], data: object) => ({ type, data, metadata }) as UserCommand;

  it('registers once; a second registration of the same user is a conflict', () => {
    const {
      at: _at,
      timezone: _tz,
      language: _lang,
      notificationPreferences: _np,
      ...data
    } = registered.data;
    spec.given([]).when(command('RegisterUser', data)).then([registered]);
    spec
      .given([registered])
      .when(command('RegisterUser', data))
      .thenThrows(ConflictError, 'User already exists');
  });
  it('verifies an address once', () => {
    spec
      .given([registered])
      .when(command('VerifyEmail', {}))
      .then([{ type: 'EmailVerified', data: { at: now } }]);
    spec
      .given([registered, { type: 'EmailVerified', data: { at: now } }])
      .when(command('VerifyEmail', {}))
      .then([]);
  });
  it('does nothing for a user that does not exist or was deleted', () => {
    spec
      .given([])
      .when(command('ChangePassword', { passwordHash: 'x' }))
      .thenThrows(NotFoundError);
    spec
      .given([registered, { type: 'UserDeleted', data: { reason: 'r', email: 'asha@example.com', at: now } }])
      .when(command('UpdateProfile', {}))
      .thenThrows(NotFoundError, 'User not found');
  });
  it('never deletes a superadmin', () =>
    spec
      .given([{ ...registered, data: { ...registered.data, role: 'superadmin' } }])
      .when(command('DeleteUser', { reason: 'r' }))
      .thenThrows(IllegalStateError));
});
