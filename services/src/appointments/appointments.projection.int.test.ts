import { FALLBACK_CURRENCY } from '@appointment/contracts/money';
import { appointmentsProjection } from '@appointment/projections/appointments.projection';
import { projectionSpec, type GivenEvent } from '../testing/projection-spec';

const at = '2026-11-22T09:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';

/** A booking of the 09:30–10:00 interval (index 2) of a time slot on 2026-11-25 in Asia/Kolkata. */
const booked = (appointmentId: string, extra: Record<string, unknown> = {}): GivenEvent => ({
  stream: 'timeslot-w1',
  type: 'IntervalBooked',
  data: {
    appointmentId,
    providerId: 'p1',
    userId: 'u1',
    email: 'user@example.com',
    username: 'Asha',
    providerName: 'Sunrise Clinic',
    serviceName: 'Consultation',
    index: 2,
    paymentNeeded: true,
    automaticBooking: true,
    amount: 50,
    status: 'pending',
    timeSlotId: 'w1',
    date: '2026-11-25',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-11-25T04:00:00.000Z',
    endDateTime: '2026-11-25T04:30:00.000Z',
    at,
    ...extra,
  },
});
const onAppointment = (type: string, appointmentId: string, data: Record<string, unknown>): GivenEvent => ({
  stream: 'timeslot-w1',
  type,
  data: { timeSlotId: 'w1', providerId: 'p1', appointmentId, at: later, ...data },
});

/** Appointments as the lists, the dashboard and the counts read them (docs/product.md §2.4, §2.5, §3). */
describe('appointments projection', () => {
  const { given, rows } = projectionSpec('appointments', [appointmentsProjection]);
  const appointment = (id: string) =>
    rows(
      `SELECT id, user_id, email, username, provider_id, provider_name, service_name, timeslot_id, interval_number,
              date::text, start_time, end_time, starts_at::text, ends_at::text, timezone, status, payment_needed,
              paid, order_id, amount::text, currency, note, image_url, created_at::text, updated_at::text
         FROM rm_appointments.appointments WHERE id = $1`,
      [id],
    );

  it('records a booking with its times on the provider’s clock', async () => {
    await given(booked('a1', { currency: 'INR', note: 'First visit', imageUrl: '/uploads/a1.png' }));
    expect(await appointment('a1')).toEqual([
      {
        id: 'a1',
        user_id: 'u1',
        email: 'user@example.com',
        username: 'Asha',
        provider_id: 'p1',
        provider_name: 'Sunrise Clinic',
        service_name: 'Consultation',
        timeslot_id: 'w1',
        interval_number: 2,
        date: '2026-11-25',
        start_time: '09:30',
        end_time: '10:00',
        starts_at: '2026-11-25 04:00:00+00',
        ends_at: '2026-11-25 04:30:00+00',
        timezone: 'Asia/Kolkata',
        status: 'pending',
        payment_needed: true,
        paid: false,
        order_id: null,
        amount: '50.00',
        currency: 'INR',
        note: 'First visit',
        image_url: '/uploads/a1.png',
        created_at: '2026-11-22 09:00:00+00',
        updated_at: '2026-11-22 09:00:00+00',
      },
    ]);
  });

  it('follows an order, its payment and status changes', async () => {
    await given(
      booked('a2', { currency: 'INR' }),
      onAppointment('PaymentRequested', 'a2', { orderId: 'order_1', amount: 50, currency: 'INR' }),
    );
    expect(await appointment('a2')).toMatchObject([{ order_id: 'order_1', paid: false, status: 'pending' }]);
    await given(
      onAppointment('PaymentConfirmed', 'a2', { orderId: 'order_1', paymentId: 'pay_1' }),
      onAppointment('AppointmentStatusChanged', 'a2', { from: 'pending', to: 'scheduled' }),
    );
    expect(await appointment('a2')).toMatchObject([
      { paid: true, status: 'scheduled', updated_at: '2026-11-22 10:00:00+00' },
    ]);
  });

  it('prices a booking recorded without a currency in its provider’s (issue 18)', async () => {
    await given(
      {
        stream: 'provider-p2',
        type: 'ProviderRegistered',
        data: {
          providerId: 'p2',
          adminId: 'admin-p2',
          businessName: 'Berlin Physio',
          industry: 'Healthcare',
          email: 'p2@example.com',
          phone: '3012345678',
          address: 'Unter den Linden 1, Berlin, Germany',
          at,
        },
      },
      booked('a3', { providerId: 'p2' }),
      {
        stream: 'provider-p2',
        type: 'ProviderCurrencyChanged',
        data: { providerId: 'p2', currency: 'GBP', at },
      },
      booked('a4', { providerId: 'p2' }),
      booked('a5', { providerId: 'unknown' }),
    );
    expect(
      await rows(
        `SELECT id, currency FROM rm_appointments.appointments WHERE id IN ('a3', 'a4', 'a5') ORDER BY id`,
      ),
    ).toEqual([
      { id: 'a3', currency: 'EUR' },
      { id: 'a4', currency: 'GBP' },
      { id: 'a5', currency: FALLBACK_CURRENCY },
    ]);
  });

  it('records a booking once, whatever comes again', async () => {
    await given(
      booked('a6', { currency: 'INR' }),
      booked('a6', { currency: 'INR', username: 'Someone else' }),
    );
    expect(await appointment('a6')).toMatchObject([{ username: 'Asha' }]);
  });
});
