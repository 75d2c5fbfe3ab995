import { EVENT_REGISTRIES, EVENT_SCHEMAS, readEvent } from './read-event';

const event = (type: string, data: Record<string, unknown>, id = 'e-1') => ({ id, type, data });
const at = '2026-11-27T10:00:00.000Z';

describe('reading events one way', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('has one schema per event type: each type in exactly one registry', () => {
    const types = Object.values(EVENT_REGISTRIES).flatMap((registry) => Object.keys(registry));
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...types].sort());
  });

  it('knows the accounts, webhook and API key events', () => {
    for (const type of [
      'UserRegistered',
      'EmailVerified',
      'EmailVerificationRequested',
      'EmailChangeRequested',
      'ProfileUpdated',
      'ProfilePictureChanged',
      'PasswordResetRequested',
      'PasswordChanged',
      'UserDeleted',
      'EmailClaimed',
      'EmailReleased',
      'WebhookCreated',
      'WebhookEdited',
      'WebhookDeleted',
      'WebhookSecretRotated',
      'WebhookDisabled',
      'ApiKeyCreated',
      'ApiKeyRevoked',
    ])
      expect(EVENT_SCHEMAS).toHaveProperty(type);
  });

  it('gives the data of an event of the asked type, typed by its schema', () => {
    const data = readEvent('EmailChangeRequested', {
      ...event('EmailChangeRequested', {
        newEmail: 'new@example.com',
        requestId: 'r-1',
        expiresAt: at,
        at,
      }),
    });
    expect(data?.newEmail).toBe('new@example.com');
    expect(readEvent('EmailVerified', event('EmailChangeRequested', { at }))).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads old events that lack the fields added since', () => {
    const registered = readEvent(
      'UserRegistered',
      event('UserRegistered', {
        userId: 'u-1',
        name: 'Asha',
        email: 'asha@example.com',
        phone: '+911234567890',
        role: 'user',
        passwordHash: 'hash',
        timezone: 'Asia/Kolkata',
        language: 'en',
        notificationPreferences: { email: true, sms: false, whatsapp: false },
        at,
      }),
    );
    expect(registered?.emailVerified).toBeUndefined();
    expect(readEvent('PasswordChanged', event('PasswordChanged', { passwordHash: 'h', at }))).toEqual({
      passwordHash: 'h',
      at,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('skips an event whose data does not fit, warning once with the fields, never the values', () => {
    const bad = event('EmailChangeRequested', { newEmail: 42, requestId: 'r-1', at }, 'e-bad');
    expect(readEvent('EmailChangeRequested', bad, 'mail outbox')).toBeUndefined();
    expect(readEvent('EmailChangeRequested', bad, 'mail outbox')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    const [line] = warn.mock.calls[0] as [string];
    expect(line).toContain('mail outbox: skipped EmailChangeRequested e-bad');
    expect(line).toContain('newEmail');
    expect(line).toContain('expiresAt');
    expect(line).not.toContain('42');
  });

  it('reads several types for a projection, narrowed by type', () => {
    const schemas = { EmailClaimed: EVENT_SCHEMAS.EmailClaimed, EmailReleased: EVENT_SCHEMAS.EmailReleased };
    const read = readEvent('claims', schemas, event('EmailReleased', { userId: 'u-1', at }));
    expect(read).toEqual({ type: 'EmailReleased', data: { userId: 'u-1', at } });
    expect(readEvent('claims', schemas, event('UserDeleted', { at }))).toBeUndefined();
  });
});
