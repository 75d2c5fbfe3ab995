import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import type { Appointment } from '@appointment/contracts/appointments';
import { payNowText } from '../../../ui/payment-badge';
import { themes } from '../../../ui/theme';
import { AppointmentCard } from './appointment-card';
import { cancelTermsText } from './cancel-terms';
import { APPOINTMENTS_TEXTS } from '../appointments.texts';

const NOW = Date.parse('2026-11-24T14:00:00.000Z');
const HOLD_MS = 10 * 60 * 1000;

const held: Appointment = {
  _id: 'a1',
  userId: 'u1',
  email: 'ann@example.com',
  username: 'ann',
  providerId: 'p1',
  providerName: 'Sunrise Clinic',
  serviceName: 'Consultation',
  timeslotId: 't1',
  index: 0,
  date: '2026-11-25',
  starttime: '10:00',
  startTime: '10:00',
  endtime: '10:30',
  endTime: '10:30',
  startDateTime: '2026-11-25T16:00:00.000Z',
  endDateTime: '2026-11-25T16:30:00.000Z',
  timezone: 'America/Chicago',
  status: 'pending',
  paymentNeeded: true,
  paid: false,
  amount: 50,
  currency: 'USD',
  createdAt: new Date(NOW).toISOString(),
  updatedAt: new Date(NOW).toISOString(),
  payBy: new Date(NOW + HOLD_MS).toISOString(),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const payNow = () => screen.queryByRole('button', { name: payNowText() });

describe('the card of an unpaid booking held for payment', () => {
  it('offers "Pay now" while the hold lasts and takes it away when the hold ends, with no new render', async () => {
    render(
      <ThemeProvider theme={themes.light}>
        <AppointmentCard appointment={held} onPayNow={() => undefined} />
      </ThemeProvider>,
    );
    expect(payNow()).not.toBeNull();
    await act(() => vi.advanceTimersByTime(HOLD_MS - 1000));
    expect(payNow()).not.toBeNull();
    await act(() => vi.advanceTimersByTime(1000));
    expect(payNow()).toBeNull();
  });

  it('offers nothing to pay once the hold has ended', () => {
    vi.setSystemTime(NOW + HOLD_MS + 1);
    render(
      <ThemeProvider theme={themes.light}>
        <AppointmentCard appointment={held} onPayNow={() => undefined} />
      </ThemeProvider>,
    );
    expect(payNow()).toBeNull();
  });
});

describe('the card of an upcoming appointment of its booker (issue 29)', () => {
  const cancel = () => screen.queryByRole('button', { name: /^Cancel Consultation on / });
  const show = (appointment: Appointment) =>
    render(
      <ThemeProvider theme={themes.light}>
        <AppointmentCard appointment={appointment} onCancel={() => undefined} />
      </ThemeProvider>,
    );

  it('offers Cancel while it is upcoming, paid or not, and takes it away once it starts', async () => {
    show(held);
    expect(cancel()).not.toBeNull();
    await act(() => vi.advanceTimersByTime(Date.parse(held.startDateTime) - NOW + 1000));
    expect(cancel()).toBeNull();
  });

  it('offers no Cancel for a cancelled or a completed appointment', () => {
    for (const appointment of [
      { ...held, status: 'cancelled' as const },
      { ...held, status: 'completed' as const },
    ]) {
      show(appointment);
      expect(cancel()).toBeNull();
      cleanup();
    }
  });
});

describe('Reschedule on the card of an upcoming appointment (issue 29)', () => {
  const reschedule = () => screen.queryByRole('button', { name: /^Reschedule Consultation on / });
  const show = (appointment: Appointment, onReschedule?: () => void) =>
    render(
      <ThemeProvider theme={themes.light}>
        <AppointmentCard appointment={appointment} onReschedule={onReschedule ?? (() => undefined)} />
      </ThemeProvider>,
    );
  // NOW is 26 h before the start: inside the default policy's 24 h deadline in 2 h.
  const scheduled = { ...held, status: 'scheduled' as const };

  it('is named after the service and the day, and asks the page to move the booking', () => {
    const onReschedule = vi.fn();
    show(scheduled, onReschedule);
    const button = screen.getByRole('button', {
      name: 'Reschedule Consultation on Wednesday, November 25, 2026',
    });
    expect(button.textContent).toBe('Reschedule');
    act(() => button.click());
    expect(onReschedule).toHaveBeenCalledTimes(1);
  });

  it('is offered only where the page may move bookings', () => {
    render(
      <ThemeProvider theme={themes.light}>
        <AppointmentCard appointment={scheduled} />
      </ThemeProvider>,
    );
    expect(reschedule()).toBeNull();
  });

  it("goes at the policy's deadline with no new render (the default policy when none was recorded)", async () => {
    show(scheduled);
    expect(reschedule()).not.toBeNull();
    await act(() => vi.advanceTimersByTime(2 * 3_600_000 - 1000));
    expect(reschedule()).not.toBeNull();
    await act(() => vi.advanceTimersByTime(1000));
    expect(reschedule()).toBeNull();
  });

  it('is not offered once the booking was moved as often as its policy allows, nor for one that is over', () => {
    for (const appointment of [
      { ...scheduled, reschedules: 2 },
      {
        ...scheduled,
        reschedules: 1,
        policy: {
          cancelDeadlineHours: 0,
          rescheduleDeadlineHours: 0,
          lateCancelFee: { kind: 'none' as const, value: 0 },
          noShowCharged: false,
          maxReschedules: 1,
        },
      },
      { ...scheduled, status: 'cancelled' as const },
      { ...scheduled, status: 'completed' as const },
    ]) {
      show(appointment);
      expect(reschedule()).toBeNull();
      cleanup();
    }
  });
});

describe('what cancelling does to a payment (issue 29)', () => {
  /** The English catalogue's text for a key, filled in. */
  const t = (key: string, values: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], APPOINTMENTS_TEXTS);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name]));
  };
  const paid = {
    ...held,
    paid: true,
    policy: {
      cancelDeadlineHours: 24,
      rescheduleDeadlineHours: 24,
      lateCancelFee: { kind: 'percent' as const, value: 20 },
      noShowCharged: false,
      maxReschedules: 2,
    },
  };

  it('says the payment comes back whole before the deadline, and what the fee keeps after it', () => {
    // The start is 26 h after NOW: in time; 2 h later it is late.
    expect(cancelTermsText(paid, t, new Date(NOW))).toBe('Your payment of $50.00 is refunded in full.');
    expect(cancelTermsText(paid, t, new Date(NOW + 3 * 3_600_000))).toBe(
      'It is past the free cancellation deadline (Tuesday, November 24, 2026, 10:00): the provider keeps a fee of $10.00 and $40.00 is refunded.',
    );
    const allKept = {
      ...paid,
      policy: { ...paid.policy, lateCancelFee: { kind: 'fixed' as const, value: 80 } },
    };
    expect(cancelTermsText(allKept, t, new Date(NOW + 3 * 3_600_000))).toBe(
      'It is past the free cancellation deadline (Tuesday, November 24, 2026, 10:00): the provider keeps your payment of $50.00, nothing is refunded.',
    );
    // Unpaid: only the deadline, while it is ahead.
    expect(cancelTermsText(held, t, new Date(NOW))).toBe(
      'Free cancellation until Tuesday, November 24, 2026, 10:00.',
    );
  });

  it('shows who cancelled and the refund on the card', () => {
    render(
      <ThemeProvider theme={themes.light}>
        <AppointmentCard
          appointment={{
            ...paid,
            status: 'cancelled',
            cancelledBy: 'user',
            lateCancel: true,
            refund: { amount: 40, fee: 10, currency: 'USD', status: 'refunded' },
          }}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText('Cancelled by the customer after the free cancellation deadline')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Refunded $40.00 · Fee kept: $10.00');
  });
});
