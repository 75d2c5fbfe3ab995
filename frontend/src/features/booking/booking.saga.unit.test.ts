import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Provider, Service } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { ApiError } from '../../lib/api-client';
import { appointmentBooked, type PaidBookingResponse } from '../../lib/events';
import { NAVIGATE_CONTEXT } from '../../lib/navigation';
import type { ChosenSlot } from '@appointment/contracts/booking';
import * as bookingApi from './booking.api';
import { AFTER_BOOKING, bookingSaga } from './booking.saga';
import {
  bookingFailed,
  bookingReducer,
  bookingSubmitted,
  bookingSucceeded,
  initialBookingState,
  slotsRefreshed,
  type BookingState,
} from './booking.slice';

vi.mock('./booking.api');

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
  services: [service],
  selectedService: service.name,
  confirm: { slot, idempotencyKey: 'key-1', submitting: false, error: null },
};

const start = () => {
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
    reducer: { booking: bookingReducer },
    preloadedState: { booking: confirming },
    middleware: (defaults) => defaults({ serializableCheck: false }).concat(record, sagas),
  });
  sagas.run(bookingSaga);
  return { store, seen, navigate };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.resetAllMocks();
  vi.restoreAllMocks();
});

describe('the booking workflow', () => {
  it('books once with the idempotency key, closes the dialog, goes to the appointments, then announces the booking', async () => {
    const answer = { appointment: { _id: 'a1' } } as PaidBookingResponse;
    vi.mocked(bookingApi.bookAppointment).mockResolvedValue(answer);
    const { store, seen, navigate } = start();

    store.dispatch(bookingSubmitted({ note: '  Window seat  ' }, null));
    await settle();

    expect(bookingApi.bookAppointment).toHaveBeenCalledTimes(1);
    const [form, key] = vi.mocked(bookingApi.bookAppointment).mock.calls[0];
    expect(key).toBe('key-1');
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

  it('stays in the dialog with the reason of a lost race, and reloads the slots quietly', async () => {
    vi.mocked(bookingApi.bookAppointment).mockRejectedValue(
      new ApiError(409, { message: 'This slot was just booked' }),
    );
    const refreshed = { slots: [] } as unknown as Awaited<ReturnType<typeof bookingApi.fetchSlots>>;
    vi.mocked(bookingApi.fetchSlots).mockResolvedValue(refreshed);
    const { store, seen, navigate } = start();

    store.dispatch(bookingSubmitted({ note: '' }, null));
    await settle();

    expect(seen).toContainEqual(bookingFailed(`${MESSAGES.bookingFailedBecause}This slot was just booked`));
    expect(seen).toContainEqual(slotsRefreshed(refreshed));
    expect(bookingApi.fetchSlots).toHaveBeenCalledWith('p1', 'Consultation');
    expect(navigate).not.toHaveBeenCalled();
    expect(seen.map((action) => action.type)).not.toContain(appointmentBooked.type);
    expect(store.getState().booking.confirm).toMatchObject({ submitting: false });
  });

  it('says only that the booking failed when the server gave no reason', async () => {
    vi.mocked(bookingApi.bookAppointment).mockRejectedValue(new ApiError(0, { message: 'Network error' }));
    const { store, seen } = start();

    store.dispatch(bookingSubmitted({ note: '' }, null));
    await settle();

    expect(seen).toContainEqual(bookingFailed(MESSAGES.bookingFailed));
    expect(bookingApi.fetchSlots).not.toHaveBeenCalled();
  });
});
