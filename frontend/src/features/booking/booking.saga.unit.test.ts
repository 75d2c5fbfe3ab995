import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Provider, Service } from '@appointment/contracts/catalogue';
import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { SCHEDULE_PATHS } from '@appointment/contracts/schedule';
import type { ChosenSlot } from '@appointment/contracts/booking';
import { api } from '../../lib/api';
import { appointmentBooked, type PaidBookingResponse, type RescheduleTarget } from '../../lib/events';
import { NAVIGATE_CONTEXT } from '../../lib/navigation';
import { toastShown } from '../../lib/toast.slice';
import { startApiPeer, type ApiPeer, type Received } from '../../testing/api-peer';
import { bookingForm } from './booking.form';
import { bookingApi } from './booking.api';
import { AFTER_BOOKING, AFTER_RESCHEDULE, bookingSaga } from './booking.saga';
import {
  bookingFailed,
  bookingReducer,
  bookingSubmitted,
  bookingSucceeded,
  initialBookingState,
  placeRefused,
  rescheduleSucceeded,
  type BookingState,
} from './booking.slice';

const provider = { id: 'p1', name: 'Sunrise Clinic', industry: 'Healthcare' } as Provider;
const service = { name: 'Consultation', isPaymentNeeded: false, automaticBooking: true } as Service;
const slot = {
  _id: 's1',
  date: '2030-01-07',
  startTime: '09:00',
  endTime: '09:30',
  startDateTime: '2030-01-07T09:00:00Z',
  endDateTime: '2030-01-07T09:30:00Z',
  timezone: 'UTC',
  formattedStartTime: '9:00 AM',
  formattedEndTime: '9:30 AM',
  index: 1,
} as unknown as ChosenSlot;

/** The booking screen with the confirm dialog open on a slot. */
const confirming: BookingState = {
  ...initialBookingState,
  selectedProvider: provider,
  selectedService: service.name,
  confirm: { slot, idempotencyKey: 'key-1', submitting: false, error: null },
};

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(SCHEDULE_PATHS.fetchSlot, { body: { firstTimeslot: null, timeslots: [] } });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = (preloaded: BookingState = confirming) => {
  // The saga logs each failure; the assertions read the outcome instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const navigate = vi.fn();
  const sagas = createSagaMiddleware({ context: { [NAVIGATE_CONTEXT]: navigate } });
  const store = configureStore({
    reducer: { booking: bookingReducer, [api.reducerPath]: api.reducer },
    preloadedState: { booking: preloaded },
    middleware: (defaults) => defaults().concat(record, api.middleware, sagas),
  });
  sagas.run(bookingSaga);
  // The booking screen reads the service's slots (a subscription held open, not awaited).
  void store.dispatch(bookingApi.endpoints.slots.initiate({ providerId: 'p1', serviceName: 'Consultation' }));
  return { store, seen, navigate };
};

/** What the confirm dialog does on Submit. */
const submit = (store: ReturnType<typeof start>['store'], note: string) => {
  store.dispatch(bookingSubmitted());
  const form = bookingForm({
    providerId: 'p1',
    serviceName: 'Consultation',
    slot,
    service,
    note,
    image: null,
  });
  return store.dispatch(bookingApi.endpoints.book.initiate({ form, idempotencyKey: 'key-1' }));
};

const formOf = (request: Received): Promise<FormData> =>
  new Response(Buffer.from(request.body, 'latin1'), {
    headers: { 'Content-Type': String(request.headers['content-type']) },
  }).formData();

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the booking workflow', () => {
  it('books once with the idempotency key, closes the dialog, goes to the appointments, then announces the booking', async () => {
    const answer = { appointment: { _id: 'a1' } } as PaidBookingResponse;
    peer.answer(APPOINTMENT_PATHS.book, { status: 201, body: answer });
    const { store, seen, navigate } = start();

    await submit(store, '  Window seat  ');
    await settle();

    expect(peer.to(APPOINTMENT_PATHS.book)).toHaveLength(1);
    const [request] = peer.to(APPOINTMENT_PATHS.book);
    expect(request!.headers['idempotency-key']).toBe('key-1');
    const form = await formOf(request!);
    expect(form.get('servicename')).toBe('Consultation');
    expect(form.get('providerId')).toBe('p1');
    expect(form.get('timeslotId')).toBe('s1');
    expect(form.get('note')).toBe('Window seat');
    expect(navigate).toHaveBeenCalledWith(AFTER_BOOKING, undefined);
    const types = seen.map((action) => action.type);
    expect(types.indexOf(bookingSucceeded.type)).toBeLessThan(types.indexOf(appointmentBooked.type));
    expect(seen).toContainEqual(appointmentBooked(answer));
    expect(store.getState().booking.confirm).toBeNull();
  });

  it('a lost race closes the dialog, says why on the screen and reads the slots again (issue 32)', async () => {
    peer.answer(APPOINTMENT_PATHS.book, { status: 409, body: { message: 'This slot was just booked' } });
    const { store, seen, navigate } = start();
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1));

    await submit(store, '');
    await settle();

    expect(seen).toContainEqual(placeRefused(`${MESSAGES.bookingFailedBecause}This slot was just booked`));
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(2));
    const slotReads = peer.to(SCHEDULE_PATHS.fetchSlot);
    expect(slotReads).toHaveLength(2);
    expect(JSON.parse(slotReads[1]!.body)).toEqual({ providerId: 'p1', serviceId: 'Consultation' });
    expect(navigate).not.toHaveBeenCalled();
    expect(seen.map((action) => action.type)).not.toContain(appointmentBooked.type);
    expect(store.getState().booking).toMatchObject({
      confirm: null,
      placeRefusal: `${MESSAGES.bookingFailedBecause}This slot was just booked`,
    });
  });

  it('any other refusal stays in the dialog with its reason', async () => {
    peer.answer(APPOINTMENT_PATHS.book, { status: 422, body: { message: 'Verify your e-mail first' } });
    const { store, seen } = start();
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1));

    await submit(store, '');
    await settle();

    expect(seen).toContainEqual(bookingFailed(`${MESSAGES.bookingFailedBecause}Verify your e-mail first`));
    expect(store.getState().booking.confirm).toMatchObject({ submitting: false });
    expect(store.getState().booking.placeRefusal).toBeNull();
  });

  it('says only that the booking failed when the server gave no reason', async () => {
    peer.answer(APPOINTMENT_PATHS.book, { status: 500, body: { message: 'Internal error' } });
    const { store, seen } = start();
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1));

    await submit(store, '');
    await settle();

    expect(seen).toContainEqual(bookingFailed(MESSAGES.bookingFailed));
    expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1);
  });
});

describe('the reschedule workflow (issue 29)', () => {
  const moving: RescheduleTarget = {
    appointmentId: 'a1',
    providerId: 'p1',
    serviceName: 'Consultation',
    startDateTime: '2030-01-06T09:00:00Z',
    endDateTime: '2030-01-06T09:30:00Z',
    timezone: 'UTC',
    listTitle: 'Pending Appointments',
  };
  const path = APPOINTMENT_PATHS.reschedule.replace(':id', 'a1');

  /** What the confirm dialog does on "Move appointment". */
  const move = (store: ReturnType<typeof start>['store']) => {
    store.dispatch(bookingSubmitted());
    return store.dispatch(
      bookingApi.endpoints.rescheduleAppointment.initiate({
        appointmentId: 'a1',
        timeslotId: 's1',
        index: 1,
        idempotencyKey: 'key-1',
      }),
    );
  };

  it('moves the booking to the chosen place, says so in the server words and shows the list it came from', async () => {
    const answer = { message: 'Appointment rescheduled', appointment: { _id: 'a1' }, from: {} };
    peer.answer(path, { body: answer });
    const { store, seen, navigate } = start({ ...confirming, reschedule: moving });
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1));

    await move(store);
    await settle();

    const [request] = peer.to(path);
    expect(JSON.parse(request!.body)).toEqual({ timeslotId: 's1', index: 1 });
    expect(request!.headers['idempotency-key']).toBe('key-1');
    expect(peer.to(APPOINTMENT_PATHS.book)).toHaveLength(0);
    expect(seen).toContainEqual(rescheduleSucceeded());
    expect(seen.find((action) => action.type === toastShown.type)?.payload).toMatchObject({
      message: 'Appointment rescheduled',
    });
    expect(navigate).toHaveBeenCalledWith(AFTER_RESCHEDULE, {
      replace: true,
      state: { title: 'Pending Appointments' },
    });
    // The old place is free and the new one taken: the slots read again.
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(2));
    expect(seen.map((action) => action.type)).not.toContain(appointmentBooked.type);
    expect(store.getState().booking.confirm).toBeNull();
  });

  it('a lost race closes the dialog, says why, reads the slots again and stays on the screen', async () => {
    peer.answer(path, { status: 409, body: { message: 'This slot was just booked' } });
    const { store, seen, navigate } = start({ ...confirming, reschedule: moving });
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1));

    await move(store);
    await settle();

    expect(seen).toContainEqual(placeRefused('This slot was just booked'));
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(2));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().booking).toMatchObject({
      confirm: null,
      reschedule: moving,
      placeRefusal: 'This slot was just booked',
    });
  });

  it('any other refusal stays in the dialog with the server message', async () => {
    peer.answer(path, {
      status: 400,
      body: { message: 'Choose another time: the appointment is already there' },
    });
    const { store, seen, navigate } = start({ ...confirming, reschedule: moving });
    await vi.waitFor(() => expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1));

    await move(store);
    await settle();

    expect(seen).toContainEqual(bookingFailed('Choose another time: the appointment is already there'));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().booking.confirm).toMatchObject({
      submitting: false,
      error: 'Choose another time: the appointment is already there',
    });
    expect(peer.to(SCHEDULE_PATHS.fetchSlot)).toHaveLength(1);
  });
});
