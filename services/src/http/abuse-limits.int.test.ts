import type { Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';

/**
 * Issue 16 finding 11: one account may not hoard a provider's free slots, and one account's
 * password may not be guessed at from many addresses. Small limits here; 20 of each by default.
 */
describe('abuse limits', () => {
  let test: TestPlatform;
  let user: Caller;
  let sunrise: Provider;
  let timeSlots: TimeSlot[];

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'abuse',
      env: { BOOKING_LIMIT: '3', ACCOUNT_LOGIN_LIMIT: '4' },
    });
    user = await test.signedIn('user@example.com');
    ({ sunrise, timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit'));
  });
  afterAll(async () => {
    await test.stop();
  });

  const book = (part: number) =>
    user.post<{ message: string; appointment: { _id: string } }>('/api/appointments/bookappointment', {
      servicename: 'Follow-up Visit',
      providerId: sunrise.id,
      timeslotId: timeSlots[0]!._id,
      date: timeSlots[0]!.date,
      index: String(part),
    });

  it('lets one account hold only so many upcoming appointments, and one more once it cancels one', async () => {
    const held = [];
    for (const part of [1, 2, 3]) {
      const booked = await book(part);
      expect(booked.status).toBe(201);
      held.push(booked.body.appointment._id);
    }
    const hoarding = await book(4);
    expect(hoarding.status).toBe(429);
    expect(hoarding.body.message).toBe(MESSAGES.tooManyBookings);

    const admin = await test.signedIn('admin@example.com');
    const cancelled = await admin.post('/api/appointments/updatestatus', {
      id: held[0],
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    expect((await book(4)).status).toBe(201);
  });

  it("stops guessing one account's password from many addresses, and lets other accounts sign in", async () => {
    const guess = (address: string, password = 'not-the-password') =>
      test
        .caller()
        .call<{ message: string }>(
          'POST',
          '/api/auth/login',
          { email: 'incharge@example.com', password },
          { 'x-forwarded-for': address },
        );
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      expect((await guess(address)).status).toBe(401);
    const blocked = await guess('203.0.113.5');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.tooManyAccountLogins);
    // Even the right password waits: the account is the one being guessed at.
    expect((await guess('203.0.113.6', 'password123')).status).toBe(429);
    expect((await test.caller().login('support@example.com')).status).toBe(200);
  });
});
