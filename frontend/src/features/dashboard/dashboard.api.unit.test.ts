import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { APPOINTMENT_PATHS, type Appointment } from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS } from '@appointment/contracts/catalogue';
import { api } from '../../lib/api';
import { notificationReceived, statusChanged, statusChangeRequested } from '../../lib/events';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { dashboardSaga } from './dashboard.saga';
import { dashboardReducer, selectDashboardUpdating } from './dashboard.slice';
import { dashboardApi, NO_APPOINTMENTS, type ServiceAppointment } from './dashboard.api';

/**
 * The dashboard's reads are RTK Query endpoints. Each test holds them open against a real
 * HTTP peer on loopback, puts one event, and checks what is read again or changed in place.
 */
const pending = {
  _id: 'a1',
  status: 'pending',
  serviceName: 'Consultation',
  providerId: 'p1',
} as unknown as ServiceAppointment;
const counts = { ...NO_APPOINTMENTS, pendingAppointments: 1, totalAppointments: 1 };

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(APPOINTMENT_PATHS.stats, { body: counts });
  peer.answer(APPOINTMENT_PATHS.dashboardDetails, {
    body: { appointmentsWithServiceDetails: [pending], appointmentsWithProviderDetails: [] },
  });
  peer.answer(CATALOGUE_PATHS.providerById, { body: { provider: { id: 'p1', address: '12 Stadium Road' } } });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ dashboard: dashboardReducer, [api.reducerPath]: api.reducer }),
    middleware: (defaults) => defaults().concat(api.middleware, sagas),
  });
  sagas.run(dashboardSaga);
  return store;
};
type Store = ReturnType<typeof start>;

/** The reads an open dashboard holds, for an admin. */
const open = async (store: Store) => {
  const reads = [
    store.dispatch(dashboardApi.endpoints.dashboardCounts.initiate('admin')),
    store.dispatch(dashboardApi.endpoints.dashboardDetails.initiate('admin')),
  ];
  await Promise.all(reads);
  return () => reads.forEach((read) => read.unsubscribe());
};

const details = (store: Store) => dashboardApi.endpoints.dashboardDetails.select('admin')(store.getState());
const countsOf = (store: Store) => dashboardApi.endpoints.dashboardCounts.select('admin')(store.getState());
const reads = () => [
  peer.to(APPOINTMENT_PATHS.stats).length,
  peer.to(APPOINTMENT_PATHS.dashboardDetails).length,
];

describe("the dashboard's reads", () => {
  it('reads the counts and the details for the stored role', async () => {
    const store = start();
    await open(store);
    expect(countsOf(store).data).toEqual(counts);
    expect(details(store).data?.appointmentsWithServiceDetails).toEqual([pending]);
    expect(JSON.parse(peer.to(APPOINTMENT_PATHS.stats)[0]!.body)).toEqual({ role: 'admin' });
  });

  it('reads no counts from a server without the appointments API (404) as no appointments', async () => {
    peer.answer(APPOINTMENT_PATHS.stats, { status: 404, body: { message: 'Not found' } });
    const store = start();
    await open(store);
    expect(countsOf(store).data).toEqual(NO_APPOINTMENTS);
    expect(countsOf(store).isError).toBe(false);
  });

  it('reads the admin provider address once the details name the provider', async () => {
    const store = start();
    await open(store);
    const address = await store.dispatch(dashboardApi.endpoints.providerAddress.initiate('p1'));
    expect(address.data).toBe('12 Stadium Road');
  });

  it('changes an appointment of the panel in place when its status changes elsewhere', async () => {
    const store = start();
    await open(store);
    store.dispatch(statusChangeRequested({ id: 'a1', status: 'scheduled' }));
    expect(selectDashboardUpdating(store.getState())).toEqual(['a1']);

    store.dispatch(statusChanged({ _id: 'a1', status: 'scheduled' } as Appointment));

    expect(details(store).data?.appointmentsWithServiceDetails).toEqual([
      { ...pending, status: 'scheduled' },
    ]);
    expect(selectDashboardUpdating(store.getState())).toEqual([]);
    // In place: the details are not read again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toEqual([1, 1]);
  });

  it('a live booking event reads an open dashboard again', async () => {
    const store = start();
    await open(store);
    peer.answer(APPOINTMENT_PATHS.stats, {
      body: { ...counts, pendingAppointments: 2, totalAppointments: 2 },
    });

    store.dispatch(notificationReceived({ message: 'New booking', createdAt: '2030-01-07T10:00:00.000Z' }));

    await vi.waitFor(() => expect(reads()).toEqual([2, 2]));
    await vi.waitFor(() => expect(countsOf(store).data?.pendingAppointments).toBe(2));
  });

  it('a live booking event reads nothing while the dashboard is closed', async () => {
    const store = start();
    const close = await open(store);
    close();

    store.dispatch(notificationReceived({ message: 'New booking', createdAt: '2030-01-07T10:00:00.000Z' }));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toEqual([1, 1]);
  });
});
