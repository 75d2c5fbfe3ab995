import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all } from 'redux-saga/effects';
import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS, type Service } from '@appointment/contracts/catalogue';
import { SCHEDULE_PATHS } from '@appointment/contracts/schedule';
import { api } from '../lib/api';
import { statusChangeRequested } from '../lib/events';
import { allProvidersApi } from '../lib/all-providers.api';
import { providerServicesApi } from '../lib/provider-services.api';
import { toastReducer } from '../lib/toast.slice';
import { appointmentsSaga } from '../features/appointments/appointments.saga';
import { appointmentsReducer } from '../features/appointments/appointments.slice';
import { bookingApi } from '../features/booking/booking.api';
import { dashboardSaga } from '../features/dashboard/dashboard.saga';
import { dashboardReducer } from '../features/dashboard/dashboard.slice';
import { dashboardApi } from '../features/dashboard/dashboard.api';

import { schedulingReducer } from '../features/scheduling/scheduling.slice';
import { schedulingApi } from '../features/scheduling/scheduling.api';
import { servicesApi } from '../features/services/services.api';
import { servicesReducer } from '../features/services/services.slice';
import { startApiPeer, type ApiPeer } from '../testing/api-peer';

/**
 * The plain reads are RTK Query endpoints whose tags the commands invalidate. Each test holds the
 * reads open against a real HTTP peer on loopback, makes one change, and counts which reads go to
 * the server again.
 */
const consultation = { _id: 'sv1', name: 'Consultation', currency: 'INR' } as Service;
const followUp = { _id: 'sv2', name: 'Follow-up', currency: 'INR' } as Service;

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(CATALOGUE_PATHS.industries, { body: [{ id: 'i1', name: 'Healthcare', icon: '+' }] });
  peer.answer(CATALOGUE_PATHS.fetchProviders, { body: { providers: [] } });
  peer.answer(CATALOGUE_PATHS.getProviders, { body: { providers: [] } });
  peer.answer(CATALOGUE_PATHS.providerById, { body: { provider: { id: 'p1' }, services: [consultation] } });
  peer.answer(SCHEDULE_PATHS.fetchSlot, { body: { firstTimeslot: null, timeslots: [] } });
  peer.answer(SCHEDULE_PATHS.fetchAllSlots, { body: { timeslots: [] } });
  peer.answer(CATALOGUE_PATHS.getServices, { body: [consultation] });
  peer.answer(APPOINTMENT_PATHS.stats, { body: {} });
  peer.answer(APPOINTMENT_PATHS.dashboardDetails, { body: {} });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({
      toast: toastReducer,
      services: servicesReducer,
      scheduling: schedulingReducer,
      appointments: appointmentsReducer,
      dashboard: dashboardReducer,
      [api.reducerPath]: api.reducer,
    }),
    middleware: (defaults) => defaults().concat(api.middleware, sagas),
  });
  sagas.run(function* () {
    yield all([appointmentsSaga(), dashboardSaga()]);
  });
  // The reads a screen holds open: each subscription stays open, nothing awaits its first answer.
  void store.dispatch(bookingApi.endpoints.industries.initiate());
  void store.dispatch(bookingApi.endpoints.providers.initiate({ industry: 'Healthcare' }));
  void store.dispatch(bookingApi.endpoints.providerServices.initiate('p1'));
  void store.dispatch(bookingApi.endpoints.slots.initiate({ providerId: 'p1', serviceName: 'Consultation' }));
  void store.dispatch(allProvidersApi.endpoints.allProviders.initiate());
  void store.dispatch(providerServicesApi.endpoints.ownServices.initiate());
  void store.dispatch(schedulingApi.endpoints.timeSlots.initiate(null));
  return store;
};

/** The dashboard's reads, held open too (by the tests that name them). */
const openDashboard = (store: ReturnType<typeof start>) => {
  void store.dispatch(dashboardApi.endpoints.dashboardCounts.initiate('admin'));
  void store.dispatch(dashboardApi.endpoints.dashboardDetails.initiate('admin'));
};

const READS = [
  CATALOGUE_PATHS.industries,
  CATALOGUE_PATHS.fetchProviders,
  CATALOGUE_PATHS.getProviders,
  CATALOGUE_PATHS.providerById,
  SCHEDULE_PATHS.fetchSlot,
  SCHEDULE_PATHS.fetchAllSlots,
  CATALOGUE_PATHS.getServices,
] as const;

const readCounts = () => Object.fromEntries(READS.map((path) => [path, peer.to(path).length]));

/** Every read answered once. */
const opened = async () => {
  await vi.waitFor(() => expect(Object.values(readCounts())).toEqual(READS.map(() => 1)));
};

/** Waits until the reads named went out once more, then checks that no other one did. */
const readAgain = async (...paths: (typeof READS)[number][]) => {
  const expected = Object.fromEntries(READS.map((path) => [path, paths.includes(path) ? 2 : 1]));
  await vi.waitFor(() => expect(readCounts()).toEqual(expected));
  // Past any straggler: nothing else follows.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(readCounts()).toEqual(expected);
};

const DASHBOARD_READS = [APPOINTMENT_PATHS.stats, APPOINTMENT_PATHS.dashboardDetails] as const;

const dashboardReadCounts = () => DASHBOARD_READS.map((path) => peer.to(path).length);

describe('which reads a change makes read again', () => {
  it('a booking reads the slots again (and the appointment lists), not the catalogue', async () => {
    peer.answer(APPOINTMENT_PATHS.book, { status: 201, body: { appointment: { _id: 'a1' } } });
    const store = start();
    await opened();

    await store.dispatch(bookingApi.endpoints.book.initiate({ form: new FormData(), idempotencyKey: 'k1' }));

    await readAgain(SCHEDULE_PATHS.fetchSlot, SCHEDULE_PATHS.fetchAllSlots);
  });

  it('a refused booking other than a lost race reads nothing again', async () => {
    peer.answer(APPOINTMENT_PATHS.book, { status: 422, body: { message: 'No' } });
    const store = start();
    await opened();

    await store.dispatch(bookingApi.endpoints.book.initiate({ form: new FormData(), idempotencyKey: 'k1' }));

    await readAgain();
  });

  it('a status change frees or takes a slot: the slots read again', async () => {
    peer.answer(APPOINTMENT_PATHS.updateStatus, {
      body: { message: 'ok', appointment: { _id: 'a1', status: 'cancelled' } },
    });
    const store = start();
    await opened();

    store.dispatch(statusChangeRequested({ id: 'a1', status: 'cancelled' }));

    await readAgain(SCHEDULE_PATHS.fetchSlot, SCHEDULE_PATHS.fetchAllSlots);
  });

  it('a new service shows in the list at once, and the services and the slots named after them read again', async () => {
    peer.answer(CATALOGUE_PATHS.addService, { status: 201, body: { service: followUp } });
    const store = start();
    await opened();
    peer.answer(CATALOGUE_PATHS.getServices, { body: [consultation, followUp] });

    void store.dispatch(
      servicesApi.endpoints.saveService.initiate({
        data: { name: 'Follow-up', description: 'A short visit.', duration: 15, price: 0 } as never,
      }),
    );

    await vi.waitFor(() =>
      expect(providerServicesApi.endpoints.ownServices.select()(store.getState()).data).toEqual([
        consultation,
        followUp,
      ]),
    );
    await readAgain(
      CATALOGUE_PATHS.getServices,
      CATALOGUE_PATHS.providerById,
      SCHEDULE_PATHS.fetchSlot,
      SCHEDULE_PATHS.fetchAllSlots,
    );
  });

  it('a new time slot reads the schedule and the booking slots again', async () => {
    peer.answer(SCHEDULE_PATHS.addTimeSlot, { status: 201, body: { message: 'ok', timeslots: [] } });
    const store = start();
    await opened();

    void store.dispatch(schedulingApi.endpoints.addTimeSlot.initiate({ date: '2030-01-07' } as never));

    await readAgain(SCHEDULE_PATHS.fetchSlot, SCHEDULE_PATHS.fetchAllSlots);
  });

  it('a provider tag change reads every provider read again', async () => {
    const store = start();
    await opened();

    store.dispatch(api.util.invalidateTags(['Provider']));

    await readAgain(
      CATALOGUE_PATHS.fetchProviders,
      CATALOGUE_PATHS.getProviders,
      CATALOGUE_PATHS.providerById,
    );
  });

  it("a booking reads the dashboard's counts and details again", async () => {
    peer.answer(APPOINTMENT_PATHS.book, { status: 201, body: { appointment: { _id: 'a1' } } });
    const store = start();
    openDashboard(store);
    await opened();
    await vi.waitFor(() => expect(dashboardReadCounts()).toEqual([1, 1]));

    await store.dispatch(bookingApi.endpoints.book.initiate({ form: new FormData(), idempotencyKey: 'k1' }));

    await vi.waitFor(() => expect(dashboardReadCounts()).toEqual([2, 2]));
    await readAgain(SCHEDULE_PATHS.fetchSlot, SCHEDULE_PATHS.fetchAllSlots);
  });

  it("a status change reads the dashboard's counts again; its details change in place", async () => {
    peer.answer(APPOINTMENT_PATHS.updateStatus, {
      body: { message: 'ok', appointment: { _id: 'a1', status: 'cancelled' } },
    });
    const store = start();
    openDashboard(store);
    await opened();
    await vi.waitFor(() => expect(dashboardReadCounts()).toEqual([1, 1]));

    store.dispatch(statusChangeRequested({ id: 'a1', status: 'cancelled' }));

    await vi.waitFor(() => expect(dashboardReadCounts()).toEqual([2, 1]));
    await readAgain(SCHEDULE_PATHS.fetchSlot, SCHEDULE_PATHS.fetchAllSlots);
    expect(dashboardReadCounts()).toEqual([2, 1]);
  });
});
