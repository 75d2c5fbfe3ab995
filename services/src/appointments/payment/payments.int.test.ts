// @any-hour: an unpaid booking is held until a time, then cancelled.
import type { Provider } from '@appointment/contracts/catalogue';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { startTestPlatform, type Caller, type TestPlatform } from '../../testing/test-platform';
import { testNow } from '@appointment/infra/testing/clock';

/**
 * Paid bookings with the offline sandbox gateway: the order, the checkout page, the verified
 * confirmation run by BullMQ, automatic scheduling after payment, and the timeout that
 * cancels an unpaid booking and frees its interval.
 */
describe('payments', () => {
  let test: TestPlatform;
  let user: Caller;
  let admin: Caller;
  let sunrise: Provider;
  let timeSlots: TimeSlot[];

  const book = (slot: TimeSlot, index: number, service = 'General Consultation') =>
    user.op('book', {
      body: {
        servicename: service,
        providerId: sunrise.id,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      },
    });
  const appointment = async (id: string) =>
    (await user.op('list')).body.appointments.find((a) => a._id === id)!;
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out waiting');
  };

  beforeAll(async () => {
    // A short timeout so the test sees an unpaid booking expire.
    test = await startTestPlatform({
      demoData: true,
      name: 'payments',
      jobs: true,
      env: { PAYMENT_TIMEOUT_MS: '8000' },
    });
    user = await test.signedIn('user@example.com');
    admin = await test.signedIn('admin@example.com');
    sunrise = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!;
    await admin.op('addService', {
      body: {
        name: 'Express Check',
        description: 'A quick paid check',
        price: 10,
        automaticBooking: true,
      },
    });
    const future = sunrise.id;
    const slots = await user.op('fetchSlot', {
      body: {
        providerId: future,
        serviceId: 'General Consultation',
      },
    });
    timeSlots = slots.body.timeslots.filter((slot) => Date.parse(slot.startDateTime) > testNow() + 3_600_000);
    await admin.op('addTimeSlot', {
      body: {
        date: timeSlots[0]!.date,
        startTime: '13:00',
        endTime: '14:00',
        addAsSlot: true,
        availableSlots: 2,
        serviceIds: ['Express Check'],
      },
    });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('answers a paid booking with its order and a sandbox checkout that signs the payment', async () => {
    const booked = await book(timeSlots[0]!, 1);
    expect(booked.status).toBe(201);
    const { order, checkout, appointment: created } = booked.body;
    expect(order).toEqual({
      id: expect.stringMatching(/^order_/),
      amount: 5000,
      currency: 'INR',
      notes: {
        service_name: 'General Consultation',
        service_description: 'A 30-minute consultation with a general physician.',
      },
    });
    expect(checkout).toMatchObject({ gateway: 'sandbox' });
    const page = await fetch(`${test.base}${(checkout as { url: string }).url}`);
    expect(await page.text()).toContain('Sandbox checkout');

    const forged = await user.op('paymentSuccess', {
      body: {
        orderId: order!.id,
        paymentId: 'pay_forged',
        signature: 'f'.repeat(64),
      },
    });
    expect(forged).toMatchObject({ status: 400, body: { message: 'The payment could not be verified' } });
    const other = await test.signedIn('superadmin@example.com');
    expect((await other.op('sandboxPay', { body: { orderId: order!.id } })).status).toBe(403);

    const paid = await user.op('sandboxPay', { body: { orderId: order!.id } });
    const confirmed = await user.op('paymentSuccess', { body: paid.body });
    expect(confirmed.status).toBe(202);
    // Sent twice (a double click), it is still one payment.
    expect((await user.op('paymentSuccess', { body: paid.body })).status).toBe(202);
    await eventually(async () => (await appointment(created._id)).paid);
    // General Consultation is not booked automatically: paid, still waiting for the provider.
    expect((await appointment(created._id)).status).toBe('pending');
  });

  it('schedules a paid service with automatic booking once the payment is confirmed', async () => {
    const express = (
      await user.op('fetchSlot', {
        body: {
          providerId: sunrise.id,
          serviceId: 'Express Check',
        },
      })
    ).body.timeslots[0]!;
    const booked = await book(express, 1, 'Express Check');
    expect(booked.body.appointment.status).toBe('pending');
    const paid = await user.op('sandboxPay', {
      body: {
        orderId: booked.body.order!.id,
      },
    });
    await user.op('paymentSuccess', { body: paid.body });
    await eventually(async () => (await appointment(booked.body.appointment._id)).status === 'scheduled');
  });

  it('lets the booker pay an unpaid booking again until its timeout, and nobody else (issue 18: Pay now)', async () => {
    const booked = await book(timeSlots[2]!, 4);
    const id = booked.body.appointment._id;
    const listed = await appointment(id);
    // Held until the unpaid timeout (8 s here) after it was booked.
    expect(Date.parse(listed.payBy!) - Date.parse(listed.createdAt)).toBe(8000);

    const again = await user.op('payAgain', {
      body: {
        appointmentId: id,
      },
    });
    expect(again.status).toBe(200);
    expect(again.body.order).toMatchObject({ id: booked.body.order!.id, amount: 5000 });
    expect(again.body.checkout).toMatchObject({ gateway: 'sandbox' });
    const other = await test.signedIn('superadmin@example.com');
    expect((await other.op('payAgain', { body: { appointmentId: id } })).status).toBe(403);

    const paid = await user.op('sandboxPay', {
      body: {
        orderId: again.body.order!.id,
      },
    });
    await user.op('paymentSuccess', { body: paid.body });
    await eventually(async () => (await appointment(id)).paid);
    expect((await appointment(id)).payBy).toBeUndefined();
    const nothing = await user.op('payAgain', { body: { appointmentId: id } });
    expect(nothing).toMatchObject({
      status: 422,
      body: { message: 'This appointment has nothing left to pay' },
    });
  });

  it('cancels a booking left unpaid past the timeout and frees its interval', async () => {
    const booked = await book(timeSlots[1]!, 3);
    await eventually(async () => (await appointment(booked.body.appointment._id)).status === 'cancelled');
    const again = await book(timeSlots[1]!, 3);
    expect(again.status).toBe(201);
  });
});
