import type { Command } from '../domain/command-handler';
import { specFor } from '../domain/decider-spec';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../domain/errors';
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

describe('user decider: password reset (issue 26)', () => {
  const spec = specFor(userDecider);
  // A confirmed address: a reset of an unconfirmed one confirms it too (the last test).
  const confirmed: UserEvent[] = [registered, { type: 'EmailVerified', data: { at: now } }];
  const at = (iso: string) => ({ ...metadata, now: iso });
  const request = (requestId: string, when = now): UserCommand => ({
    type: 'RequestPasswordReset',
    data: { requestId },
    metadata: at(when),
  });
  const reset = (requestId: string, when: string): UserCommand => ({
    type: 'ResetPassword',
    data: { requestId, passwordHash: '$argon2id$new' },
    metadata: at(when),
  });
  const requested = (requestId: string, when = now): UserEvent => ({
    type: 'PasswordResetRequested',
    data: {
      requestId,
      expiresAt: new Date(Date.parse(when) + 30 * 60_000).toISOString(),
      at: when,
    },
  });
  const minutesAfter = (minutes: number, from = now) =>
    new Date(Date.parse(from) + minutes * 60_000).toISOString();

  it('records a request that expires 30 minutes after the command’s now', () =>
    spec
      .given(confirmed)
      .when(request('r1'))
      .then([
        {
          type: 'PasswordResetRequested',
          data: { requestId: 'r1', expiresAt: '2026-11-22T09:30:00.000Z', at: now },
        },
      ]));

  it('resets the password with the newest request, marking the change as a reset', () =>
    spec
      .given([...confirmed, requested('r1')])
      .when(reset('r1', minutesAfter(29)))
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', resetRequestId: 'r1', at: minutesAfter(29) },
        },
      ]));

  it('accepts the link up to its last instant and refuses it one millisecond later', () => {
    spec
      .given([...confirmed, requested('r1')])
      .when(reset('r1', minutesAfter(30)))
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', resetRequestId: 'r1', at: minutesAfter(30) },
        },
      ]);
    spec
      .given([...confirmed, requested('r1')])
      .when(reset('r1', new Date(Date.parse(minutesAfter(30)) + 1).toISOString()))
      .thenThrows(ValidationError, 'This password reset link has expired. Please ask for a new one.');
  });

  it('refuses a link used once already', () =>
    spec
      .given([
        registered,
        requested('r1'),
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', resetRequestId: 'r1', at: minutesAfter(1) },
        },
      ])
      .when(reset('r1', minutesAfter(2)))
      .thenThrows(
        ValidationError,
        'This password reset link has already been used. Please ask for a new one.',
      ));

  it('refuses an older request once a newer one was made, and takes the newer', () => {
    const history = [...confirmed, requested('r1'), requested('r2', minutesAfter(5))];
    spec
      .given(history)
      .when(reset('r1', minutesAfter(6)))
      .thenThrows(
        ValidationError,
        'A newer password reset link was sent since this one. Please use the newest link.',
      );
    spec
      .given(history)
      .when(reset('r2', minutesAfter(34)))
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', resetRequestId: 'r2', at: minutesAfter(34) },
        },
      ]);
  });

  it('a change of password while signed in does not use up the reset link', () =>
    spec
      .given([
        ...confirmed,
        requested('r1'),
        { type: 'PasswordChanged', data: { passwordHash: '$argon2id$other', at: minutesAfter(1) } },
      ])
      .when(reset('r1', minutesAfter(2)))
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', resetRequestId: 'r1', at: minutesAfter(2) },
        },
      ]));

  it('refuses a reset that no request asked for, and any reset of a deleted account', () => {
    spec
      .given(confirmed)
      .when(reset('r1', now))
      .thenThrows(ValidationError, 'This password reset link is invalid. Please ask for a new one.');
    spec
      .given([
        registered,
        requested('r1'),
        { type: 'UserDeleted', data: { reason: 'r', email: 'asha@example.com', at: now } },
      ])
      .when(reset('r1', now))
      .thenThrows(NotFoundError);
  });

  it('confirms an unconfirmed address when its mailed reset link is used', () =>
    spec
      .given([registered, requested('r1')])
      .when(reset('r1', minutesAfter(5)))
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', resetRequestId: 'r1', at: minutesAfter(5) },
        },
        { type: 'EmailVerified', data: { at: minutesAfter(5) } },
      ]));
});
