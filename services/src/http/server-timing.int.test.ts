import { testNow } from '@appointment/infra/testing/clock';
import { sunriseTimeSlots, startTestPlatform, type TestPlatform } from '../testing/test-platform';

/**
 * SERVER_TIMING=true: a booking's answer says where its time went, step by step, in the W3C
 * `Server-Timing` header the booking bench reads (docs/performance.md). Off by default: the
 * caching test's platform answers without it (caching.int.test).
 */
describe('Server-Timing on the booking', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'server_timing', env: { SERVER_TIMING: 'true' } });
  });
  afterAll(() => test.stop());

  const stepsOf = (header: string | null): string[] =>
    (header ?? '').split(', ').map((part) => part.split(';dur=')[0]!);

  it('names every step of a booking, and of its refusal, each with a duration', async () => {
    const user = await test.signedIn('user@example.com');
    const { sunrise, timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit', testNow() + 86_400_000);
    const body = {
      servicename: 'Follow-up Visit',
      providerId: sunrise.id,
      timeslotId: timeSlots[0]!._id,
      date: timeSlots[0]!.date,
      index: '1',
    };
    const booked = await user.op('book', { body });
    expect(booked.status).toBe(201);
    const header = booked.headers.get('server-timing');
    expect(stepsOf(header)).toEqual([
      'body',
      'session',
      'form',
      'key',
      'party',
      'slot',
      'turn',
      'fold',
      'decide',
      'seal',
      'append',
      'command',
      'answer',
      'total',
    ]);
    expect(header).toMatch(/^(\w+;dur=\d+\.\d\d)(, \w+;dur=\d+\.\d\d)*$/);

    const taken = await user.op('book', { body });
    expect(taken.status).toBe(409);
    expect(stepsOf(taken.headers.get('server-timing'))).toEqual(
      expect.arrayContaining(['session', 'party', 'slot', 'fold', 'total']),
    );
  });
});
