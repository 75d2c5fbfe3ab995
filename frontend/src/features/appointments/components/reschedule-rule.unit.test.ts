import { describe, expect, it } from 'vitest';
import type { Appointment } from '@appointment/contracts/appointments';
import { reschedulableUntil } from './reschedule-rule';

const START = '2026-11-25T16:00:00.000Z';
const HOUR_MS = 3_600_000;

const booking: Pick<Appointment, 'status' | 'startDateTime' | 'policy' | 'reschedules'> = {
  status: 'scheduled',
  startDateTime: START,
};

const policy = (rescheduleDeadlineHours: number, maxReschedules: number) => ({
  cancelDeadlineHours: 24,
  rescheduleDeadlineHours,
  lateCancelFee: { kind: 'none' as const, value: 0 },
  noShowCharged: false,
  maxReschedules,
});

/** Whether it may move at an instant: the card shows Reschedule while its deadline is ahead. */
const mayMoveAt = (appointment: typeof booking, now: number): boolean => {
  const until = reschedulableUntil(appointment);
  return until !== null && Date.parse(until) > now;
};

describe('until when a booking may be rescheduled (issue 29)', () => {
  it('under the default policy (none recorded): until 24 hours before its start', () => {
    expect(reschedulableUntil(booking)).toBe('2026-11-24T16:00:00.000Z');
    expect(mayMoveAt(booking, Date.parse(START) - 25 * HOUR_MS)).toBe(true);
    expect(mayMoveAt(booking, Date.parse(START) - 23 * HOUR_MS)).toBe(false);
  });

  it('under the policy it was booked with: its own deadline, and 0 hours means until it starts', () => {
    expect(reschedulableUntil({ ...booking, policy: policy(2, 2) })).toBe('2026-11-25T14:00:00.000Z');
    const anyTime = { ...booking, policy: policy(0, 2) };
    expect(reschedulableUntil(anyTime)).toBe(START);
    expect(mayMoveAt(anyTime, Date.parse(START) - 1000)).toBe(true);
    expect(mayMoveAt(anyTime, Date.parse(START))).toBe(false);
  });

  it('no longer once it was moved as many times as its policy allows', () => {
    expect(reschedulableUntil({ ...booking, reschedules: 1 })).not.toBeNull();
    expect(reschedulableUntil({ ...booking, reschedules: 2 })).toBeNull();
    expect(reschedulableUntil({ ...booking, policy: policy(24, 0) })).toBeNull();
    expect(reschedulableUntil({ ...booking, policy: policy(24, 3), reschedules: 2 })).not.toBeNull();
  });

  it('only a pending or scheduled booking moves', () => {
    expect(reschedulableUntil({ ...booking, status: 'pending' })).not.toBeNull();
    for (const status of ['cancelled', 'completed'] as const) {
      expect(reschedulableUntil({ ...booking, status })).toBeNull();
    }
  });
});
