import { io as connect, type Socket } from 'socket.io-client';
import { startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';
import { testNow } from '@appointment/infra/testing/clock';

/** The live channel (docs/product.md §4, §7.6) and the notification list, over real sockets and HTTP. */
describe('live notifications', () => {
  let test: TestPlatform;
  let user: Caller;
  let admin: Caller;
  const sockets: Socket[] = [];

  const open = async (auth: Record<string, string>, headers: Record<string, string> = {}) => {
    const socket = connect(test.base, {
      transports: ['websocket'],
      reconnection: false,
      auth,
      extraHeaders: headers,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const next = (socket: Socket, event: string) =>
    new Promise<{ message: string; _id: string }>((resolve) => socket.once(event, resolve));

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'live' });
    user = await test.signedIn('user@example.com');
    admin = await test.signedIn('admin@example.com');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await test.stop();
  });

  const bookSunrise = async (index: number) => {
    const [sunrise] = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers;
    const slots = await user.op('fetchSlot', {
      body: {
        providerId: sunrise!.id,
        serviceId: 'General Consultation',
      },
    });
    const timeSlot = slots.body.timeslots.find(
      (slot) => Date.parse(slot.startDateTime) > testNow() + 3_600_000,
    )!;
    const reply = await user.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: sunrise!.id,
        timeslotId: timeSlot._id,
        date: timeSlot.date,
        index: String(index),
      },
    });
    expect(reply.status).toBe(201);
  };

  it('refuses a socket without a session', async () => {
    await expect(open({})).rejects.toThrow('Please sign in to continue');
    await expect(open({ token: 'not-a-session' })).rejects.toThrow('Please sign in to continue');
  });

  it("refuses a socket opened by a page of another site with this site's cookie (issue 16)", async () => {
    await expect(
      open({}, { cookie: `sid=${user.token!}`, origin: 'https://evil.example' }),
    ).rejects.toThrow();
    const own = new URL(test.base);
    const socket = await open({}, { cookie: `sid=${user.token!}`, origin: own.origin });
    expect(socket.connected).toBe(true);
  });

  const closed = (socket: Socket) =>
    new Promise<string>((resolve) => {
      if (!socket.connected) resolve('already');
      socket.once('disconnect', (reason) => resolve(reason));
    });

  it('closes the sockets of a session at sign-out, and all but the current one at a password change (issue 16)', async () => {
    // Support's account: no other test of this file signs it in.
    const first = await test.signedIn('support@example.com');
    const second = await test.signedIn('support@example.com');
    const ofFirst = await open({ token: first.token! });
    const ofSecond = await open({ token: second.token! });

    const changed = await second.op('updatePassword', {
      body: {
        currentPassword: 'password123',
        newPassword: 'password456',
        confirmPassword: 'password456',
      },
    });
    expect(changed.status).toBe(200);
    await closed(ofFirst);
    expect(ofFirst.connected).toBe(false);
    expect(ofSecond.connected).toBe(true);

    await second.op('logout');
    await closed(ofSecond);
    expect(ofSecond.connected).toBe(false);
  });

  it("pushes a booking to the user and the provider's admin, and never to someone claiming their id", async () => {
    const userSocket = await open({ token: user.token! });
    const adminSocket = await open({}, { cookie: `sid=${admin.token!}` });
    const other = await test.signedIn('superadmin@example.com');
    const intruder = await open({ token: other.token! });
    const adminId = (await admin.op('me')).body.user.id;
    intruder.emit('register', adminId);
    const overheard: unknown[] = [];
    intruder.on('appointmentCreatedadmin', (payload) => overheard.push(payload));
    intruder.on('appointmentCreated', (payload) => overheard.push(payload));

    const toUser = next(userSocket, 'appointmentCreated');
    const toAdmin = next(adminSocket, 'appointmentCreatedadmin');
    await bookSunrise(1);
    const [mine, theirs] = await Promise.all([toUser, toAdmin]);
    // A paid service's booking waits for its payment, and the notifications say so.
    expect(mine.message).toMatch(
      /^Your appointment for General Consultation at Sunrise Clinic on .+ awaits payment\.$/,
    );
    expect(theirs.message).toMatch(
      /^New appointment awaiting payment: Asha User booked General Consultation on /,
    );
    const list = (await user.op('notifications')).body.notifications;
    expect(list[0]).toMatchObject({ _id: mine._id, message: mine.message });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(overheard).toEqual([]);
  });

  it('keeps what was missed while disconnected in the list; deletes one, then clears all', async () => {
    await bookSunrise(2);
    // No socket is open for this user now: the notification waits in the list.
    let list = (await user.op('notifications')).body.notifications;
    for (let i = 0; i < 50 && list.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      list = (await user.op('notifications')).body.notifications;
    }
    expect(list).toHaveLength(2);
    const deleted = await user.op('deleteNotification', { body: { _id: list[0]!._id } });
    expect(deleted.body).toEqual({ message: 'Notification deleted' });
    expect((await user.op('deleteNotification', { body: { _id: list[0]!._id } })).status).toBe(404);
    expect((await admin.op('deleteNotification', { body: { _id: list[1]!._id } })).status).toBe(404);
    expect((await user.op('clearNotifications')).body).toEqual({
      message: 'All notifications cleared',
    });
    expect((await user.op('notifications')).body).toEqual({ notifications: [] });
  });
});
