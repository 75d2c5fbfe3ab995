import { randomBytes } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '@appointment/contracts/events';
import { FORGOTTEN_MESSAGE, FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { isSealed, seal, unseal, type KeyState } from './person-keys';
import { openEvents, sealEvents, type KeyRing } from './private-event-store';

/** The keys in memory: what `PersonKeys` keeps in `pii.person_keys`. */
const memoryKeys = () => {
  const keys = new Map<string, Buffer | null>();
  const stateOf = (id: string): KeyState => {
    const key = keys.get(id);
    return key === undefined ? { kind: 'none' } : key === null ? { kind: 'forgotten' } : { kind: 'key', key };
  };
  const ring: KeyRing & { forget(id: string): void } = {
    lookup: async (ids) => new Map([...ids].map((id) => [id, stateOf(id)])),
    keysForWriting: async (ids) => {
      for (const id of ids) if (!keys.has(id)) keys.set(id, randomBytes(32));
      return new Map([...ids].map((id) => [id, stateOf(id)]));
    },
    evict: () => undefined,
    forget: (id) => keys.set(id, null),
  };
  return ring;
};

let position = 0;
const recorded = (streamName: string, event: NewEvent): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000000',
  type: event.type,
  streamName,
  streamRevision: 0,
  position: { transactionId: '1', globalPosition: String(++position) },
  data: event.data,
  metadata: {},
  createdAt: '2026-11-24T10:00:00.000Z',
});

const registered: NewEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    name: 'Asha User',
    email: 'asha@example.com',
    phone: '+44 20 7946 0000',
    role: 'user',
    at: '2026-11-24T10:00:00.000Z',
  },
};
const booked: NewEvent = {
  type: 'IntervalBooked',
  data: {
    appointmentId: 'a1',
    userId: 'u1',
    email: 'asha@example.com',
    username: 'Asha User',
    note: 'Knee hurts',
    status: 'pending',
    startDateTime: '2026-11-25T09:00:00.000Z',
  },
};

describe('sealing personal fields (issue 12)', () => {
  it('seals with AES-256-GCM and opens only with the same key and subject', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'u1', 'Asha User');
    expect(JSON.stringify(sealed)).not.toContain('Asha');
    expect(unseal(key, sealed)).toBe('Asha User');
    expect(unseal(randomBytes(32), sealed)).toBeUndefined();
    expect(unseal(key, { ...sealed, s: 'u2' })).toBeUndefined();
  });

  it('never uses an IV twice, and opens again with a copy of the key (not only from what this process sealed)', () => {
    const key = randomBytes(32);
    const ivs = new Set(
      Array.from({ length: 5_000 }, () =>
        Buffer.from(seal(key, 'u1', 'Asha').c, 'base64')
          .subarray(0, 12)
          .toString('hex'),
      ),
    );
    expect(ivs.size).toBe(5_000);
    const sealed = seal(key, 'u1', 'Asha User');
    expect(unseal(Buffer.from(key), sealed)).toBe('Asha User');
    const tampered = Buffer.from(sealed.c, 'base64');
    tampered[tampered.length - 1]! ^= 1;
    expect(unseal(Buffer.from(key), { ...sealed, c: tampered.toString('base64') })).toBeUndefined();
  });

  it('stores no personal field in clear, and keeps the facts that are not personal', async () => {
    const keys = memoryKeys();
    const [user, booking] = await sealEvents(keys, [
      { streamName: 'user-u1', event: registered },
      { streamName: 'timeslot-t1', event: booked },
    ]);
    const stored = JSON.stringify([user, booking]);
    for (const personal of ['Asha', 'asha@example.com', '7946', 'Knee'])
      expect(stored).not.toContain(personal);
    expect(isSealed(user!.data.name)).toBe(true);
    expect(booking!.data).toMatchObject({
      appointmentId: 'a1',
      userId: 'u1',
      status: 'pending',
      startDateTime: '2026-11-25T09:00:00.000Z',
    });
    expect(registered.data.name).toBe('Asha User'); // the caller's event is left as it was
  });

  it('opens sealed fields for readers, and reads clear old events as they were', async () => {
    const keys = memoryKeys();
    const [sealed] = await sealEvents(keys, [{ streamName: 'user-u1', event: registered }]);
    const [opened, old] = await openEvents(keys, [
      recorded('user-u1', sealed!),
      recorded('user-u2', {
        type: 'UserRegistered',
        data: { ...registered.data, userId: 'u2', name: 'Old Clear' },
      }),
    ]);
    expect(opened!.data).toMatchObject({
      name: 'Asha User',
      email: 'asha@example.com',
      phone: '+44 20 7946 0000',
    });
    expect(old!.data.name).toBe('Old Clear');
  });

  it('reads a forgotten person as "Forgotten user", sealed or written in clear before sealing began', async () => {
    const keys = memoryKeys();
    const [sealedBooking] = await sealEvents(keys, [{ streamName: 'timeslot-t1', event: booked }]);
    keys.forget('u1');
    const [fromSealed, fromClear] = await openEvents(keys, [
      recorded('timeslot-t1', sealedBooking!),
      recorded('timeslot-t1', booked),
    ]);
    for (const event of [fromSealed!, fromClear!]) {
      expect(event.data).toMatchObject({
        username: FORGOTTEN_USER,
        email: FORGOTTEN_USER,
        note: '',
        appointmentId: 'a1',
        status: 'pending',
        startDateTime: '2026-11-25T09:00:00.000Z',
      });
      expect(JSON.stringify(event)).not.toContain('Asha');
    }
  });

  it('keeps an empty field as it is, and reads it as its placeholder once the subject is forgotten', async () => {
    const keys = memoryKeys();
    const bare: NewEvent = { ...booked, data: { ...booked.data, email: '', note: '' } };
    const [sealed] = await sealEvents(keys, [{ streamName: 'timeslot-t1', event: bare }]);
    expect(sealed!.data).toMatchObject({ email: '', note: '' });
    expect(sealed!.data.username).toMatchObject({ s: 'u1' });
    const [before] = await openEvents(keys, [recorded('timeslot-t1', sealed!)]);
    expect(before!.data).toMatchObject({ email: '', note: '', username: 'Asha User' });
    keys.forget('u1');
    const [after] = await openEvents(keys, [recorded('timeslot-t1', sealed!)]);
    expect(after!.data).toMatchObject({ email: FORGOTTEN_USER, note: '', username: FORGOTTEN_USER });
  });

  it('writes nothing personal for a subject already forgotten', async () => {
    const keys = memoryKeys();
    await keys.keysForWriting(['u1']);
    keys.forget('u1');
    const [event] = await sealEvents(keys, [{ streamName: 'timeslot-t1', event: booked }]);
    expect(JSON.stringify(event)).not.toContain('Asha');
    expect(event!.data.username).toBe(FORGOTTEN_USER);
  });

  it("seals an admin's notice with the key of the person it names", async () => {
    const keys = memoryKeys();
    const notice: NewEvent = {
      type: 'NotificationCreated',
      data: {
        notificationId: 'n1',
        userId: 'admin1',
        subjectId: 'u1',
        audience: 'admin',
        message: 'Asha User booked',
      },
    };
    const [sealed] = await sealEvents(keys, [{ streamName: 'notifications-admin1', event: notice }]);
    expect((sealed!.data.message as { s: string }).s).toBe('u1');
    keys.forget('u1');
    const [opened] = await openEvents(keys, [recorded('notifications-admin1', sealed!)]);
    expect(opened!.data.message).toBe(FORGOTTEN_MESSAGE);
  });
});
