import { MESSAGES } from '@appointment/contracts/messages';
import { createLogger } from '../logger';
import { seedDemoData } from '../main/demo-data';
import { startTestPlatform, sunriseTimeSlots, type TestPlatform } from '../testing/test-platform';

/**
 * What a production start (NODE_ENV=production) leaves out: no demo accounts, no sandbox
 * payments, no local mailbox, and a Secure session cookie whatever the proxy says. The demo
 * providers are recorded by hand here, as an operator's own data would be.
 */
describe('a production start', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: false,
      name: 'production',
      // Production refuses a pinned clock, so this platform runs on the machine's (the time slots
      // below are picked against that same clock: no calendar day is involved).
      env: { NODE_ENV: 'production', DEV_MAILBOX: 'false', TEST_CLOCK: '', PASSWORD_HASH_COST: 'standard' },
    });
    const { accounts, catalogue, schedule } = test.platform;
    await seedDemoData({ accounts, catalogue, schedule }, createLogger('silent'));
  });
  afterAll(async () => {
    await test.stop();
  });

  it('serves no local mailbox, even to a caller on this machine', async () => {
    const mailbox = await test.caller().op('mailbox');
    expect(mailbox.status).toBe(404);
  });

  it('has no sandbox checkout, and refuses a paid booking before it holds a slot; a free one books', async () => {
    expect((await test.caller().op('sandboxCheckout')).status).toBe(404);
    const user = await test.signedIn('user@example.com');
    expect((await user.op('sandboxPay', { body: { orderId: 'order_x' } })).status).toBe(404);

    const bookFirst = async (service: string) => {
      // On the machine's clock, as the server here is (no calendar day is involved).
      const { sunrise, timeSlots } = await sunriseTimeSlots(user, service, Date.now() + 3_600_000);
      return user.op('book', {
        body: {
          servicename: service,
          providerId: sunrise.id,
          timeslotId: timeSlots[0]!._id,
          date: timeSlots[0]!.date,
          index: '1',
        },
      });
    };
    const paid = await bookFirst('General Consultation');
    expect(paid.status).toBe(503);
    expect(paid.body.message).toBe(MESSAGES.paymentsUnavailable);
    const list = await user.op('list');
    expect(list.body.appointments).toHaveLength(0);

    const free = await bookFirst('Follow-up Visit');
    expect(free.status).toBe(201);
    expect(free.body.appointment).toMatchObject({ amount: 0, status: 'scheduled' });
  });

  it('sets the session cookie Secure even on a plain-HTTP hop', async () => {
    const login = await test.caller().op('login', {
      body: {
        email: 'user@example.com',
        password: 'password123',
      },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});
