import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  APPOINTMENT_PATHS,
  type Appointment,
  type AppointmentListRequest,
  type BookingResponse,
  type UpdateStatusRequest,
} from '@appointment/contracts/appointments';
import {
  bookingFormData,
  bookingFormFor,
  chooseSlot,
  type BookingFormText,
  type ChosenSlot,
} from '@appointment/contracts/booking';
import type { CheckoutInfo } from '@appointment/contracts/payments';
import { intervalOf, type TimeSlot } from '@appointment/contracts/schedule';
import { eventually, ok } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';
import { roleOf } from './accounts';
import { allSlotsOf, slotAt } from './schedule';

/*
 * Booking and appointments (docs/product.md §3, §4, §7.3) as the client drives them: the booking screen
 * looks up a service's time slots, the person chooses one, and the confirm dialog sends the
 * booking form that contracts/booking makes of the chosen slot. The answers to a person's
 * bookings are kept, as the client keeps them, for paying the order they carry.
 */

/** A time slot as a scenario names it: an interval of it by its interval number, or null for a block. */
export interface BookingTarget {
  provider: string;
  service: string;
  day: string;
  time: string;
  intervalNumber: number | null;
}

export type BookingAnswer = BookingResponse & { checkout?: CheckoutInfo };

/** The answer to the person's last successful booking. */
export const lastBookingOf = (world: PlatformWorld, person: Person): BookingAnswer => {
  const booking = world.bookings.get(person.name);
  assert.ok(booking, `${person.name} has booked nothing`);
  return booking;
};

/** The answers to every successful booking of the scenario, the latest last. */
export const bookingsOf = (world: PlatformWorld): BookingAnswer[] => [...world.bookings.values()];

/**
 * The slot the person picks: for a split time slot its interval as the calendar offers it (the same
 * interval, even when someone has taken it meanwhile); for a block the whole time slot.
 */
const chosenSlot = (timeSlot: TimeSlot, intervalNumber: number | null): ChosenSlot => {
  let chosen: ChosenSlot | null;
  if (intervalNumber === null || !timeSlot.addAsSlot) {
    chosen = chooseSlot(timeSlot, timeSlot.startDateTime, timeSlot.endDateTime, intervalNumber);
  } else {
    const interval = intervalOf(timeSlot, intervalNumber) ?? beyondTheTimeSlot(timeSlot, intervalNumber);
    chosen = chooseSlot(timeSlot, interval.startDateTime, interval.endDateTime, intervalNumber);
  }
  assert.ok(chosen, `the time slot ${JSON.stringify(timeSlot)} cannot be chosen`);
  return chosen;
};

/**
 * An interval the time slot does not have, which no screen offers: a form changed by hand, continuing
 * the time slot's intervals past its end, so the server alone refuses it.
 */
const beyondTheTimeSlot = (timeSlot: TimeSlot, intervalNumber: number) => {
  const first = intervalOf(timeSlot, 1);
  assert.ok(first, `the time slot ${JSON.stringify(timeSlot)} has no intervals`);
  const length = Date.parse(first.endDateTime) - Date.parse(first.startDateTime);
  const start = Date.parse(first.startDateTime) + (intervalNumber - 1) * length;
  return {
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + length).toISOString(),
  };
};

/**
 * The booking form for a time slot as the confirm dialog fills it: the person looks up the
 * service's time slots, chooses the interval (or block), and the form is made from the chosen slot
 * and the service the look-up matched.
 */
export const bookingFormAt = async (
  world: PlatformWorld,
  person: Person,
  target: BookingTarget,
): Promise<BookingFormText> => {
  const { providerId, timeSlot, lookup } = await slotAt(
    world,
    person,
    target.provider,
    target.service,
    target.day,
    target.time,
  );
  return bookingFormFor({
    providerId,
    serviceName: target.service,
    slot: chosenSlot(timeSlot, target.intervalNumber),
    service: lookup.matchedService,
  });
};

/**
 * Sends a booking form, multipart as the confirm dialog does, with an Idempotency-Key (a new one
 * is a new dialog; the same one a double click or a retry), and keeps the answer to a booking.
 */
export const sendBooking = async (
  world: PlatformWorld,
  person: Person,
  fields: BookingFormText,
  idempotencyKey: string = randomUUID(),
): Promise<ApiResponse> => {
  const response = await world.request(person, 'POST', APPOINTMENT_PATHS.book, {
    body: bookingFormData(fields),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (response.status === 201) {
    // Taken out first, so that the latest booking comes last in bookingsOf.
    world.bookings.delete(person.name);
    world.bookings.set(person.name, response.body as BookingAnswer);
  }
  return response;
};

/** Books a time slot as a person does on the booking screen, once. */
export const book = async (world: PlatformWorld, person: Person, target: BookingTarget) =>
  sendBooking(world, person, await bookingFormAt(world, person, target));

// ---------------------------------------------------------------- appointments

export const listAppointments = async (
  world: PlatformWorld,
  person: Person,
  filters: NonNullable<z.input<typeof AppointmentListRequest>['filters']>,
) => {
  const body: z.input<typeof AppointmentListRequest> = { filters, role: await roleOf(world, person) };
  return world.request(person, 'POST', APPOINTMENT_PATHS.list, { body });
};

export const appointmentsOf = async (
  world: PlatformWorld,
  person: Person,
  status?: Appointment['status'],
): Promise<Appointment[]> =>
  (
    ok(
      await listAppointments(world, person, status ? { status } : {}),
      200,
      `${person.name} cannot list the appointments`,
    ) as { appointments: Appointment[] }
  ).appointments;

/** The one appointment of `owner` at a day and time, as `viewer` finds it in their list. */
export const appointmentAt = async (
  world: PlatformWorld,
  viewer: Person,
  owner: Person,
  day: string,
  time: string,
): Promise<Appointment> => {
  const matching = async () =>
    (await appointmentsOf(world, viewer)).filter(
      (a) =>
        a.email === owner.email.toLowerCase() && a.date === dayFrom(day, a.timezone) && a.startTime === time,
    );
  // A person reads their own writes at once; another person's (the clinic's staff reading a
  // user's booking) once the read model holds them, a moment later.
  const found =
    viewer === owner
      ? await matching()
      : await eventually(`${viewer.name} to see ${owner.name}'s appointment ${day} at ${time}`, async () => {
          const listed = await matching();
          return listed.length > 0 ? listed : undefined;
        }).catch(() => [] as Appointment[]);
  assert.equal(
    found.length,
    1,
    `${viewer.name} sees no single appointment of ${owner.name} ${day} at ${time}`,
  );
  return found[0]!;
};

/**
 * The appointments, not cancelled, in one of a provider's own time slots as its staff count them:
 * in an interval of it by its interval number, or in a block (null).
 */
export const activeAppointmentsIn = async (
  world: PlatformWorld,
  person: Person,
  day: string,
  time: string,
  intervalNumber: number | null,
): Promise<Appointment[]> => {
  const timeSlot = (await allSlotsOf(world, person)).find(
    (slot) => slot.date === dayFrom(day, slot.timezone) && slot.startTime === time,
  );
  assert.ok(timeSlot, `${person.name} has no time slot ${day} at ${time}`);
  const appointments = await appointmentsOf(world, person);
  return appointments.filter(
    (a) => a.timeslotId === timeSlot._id && a.index === intervalNumber && a.status !== 'cancelled',
  );
};

export const appointmentCounts = async (world: PlatformWorld, person: Person) =>
  world.request(person, 'POST', APPOINTMENT_PATHS.stats, { body: { role: await roleOf(world, person) } });

export const openDashboard = async (world: PlatformWorld, person: Person) =>
  world.request(person, 'POST', APPOINTMENT_PATHS.dashboardDetails, {
    body: { role: await roleOf(world, person) },
  });

export const changeStatus = (
  world: PlatformWorld,
  person: Person,
  request: z.input<typeof UpdateStatusRequest>,
) => world.request(person, 'POST', APPOINTMENT_PATHS.updateStatus, { body: request });
