import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { WAITLIST_PATHS } from '@appointment/contracts/waitlist';
import { api } from '../../lib/api';
import { appointmentBooked, notificationReceived, type PaidBookingResponse } from '../../lib/events';
import { NAVIGATE_CONTEXT } from '../../lib/navigation';
import { waitlistApi } from '../../lib/waitlist.api';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { AFTER_PAID_CLAIM, waitlistSaga } from './waitlist.saga';

const CLAIM = WAITLIST_PATHS.claim.replace(':id', 'o1');

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(WAITLIST_PATHS.waitlist, { body: { entries: [] } });
});

afterEach(async () => {
  await peer.close();
});

const start = () => {
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const navigate = vi.fn();
  const sagas = createSagaMiddleware({ context: { [NAVIGATE_CONTEXT]: navigate } });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(record, api.middleware, sagas),
  });
  sagas.run(waitlistSaga);
  return { store, seen, navigate };
};

describe('the waitlist workflow (issue 31)', () => {
  it('a paid claim goes to the appointments and on to its checkout, as a paid booking does', async () => {
    const answer = {
      appointment: { _id: 'a1', serviceName: 'Express', status: 'pending' },
      order: { id: 'order_1', amount: 1000, currency: 'USD', notes: {} },
      checkout: { gateway: 'sandbox', url: '/checkout' },
    } as unknown as PaidBookingResponse;
    peer.answer(CLAIM, { status: 201, body: answer });
    const { store, seen, navigate } = start();

    await store.dispatch(waitlistApi.endpoints.claimOffer.initiate('o1'));

    expect(navigate).toHaveBeenCalledWith(AFTER_PAID_CLAIM, undefined);
    expect(seen).toContainEqual(appointmentBooked(answer));
  });

  it('a free claim is announced and stays where it was claimed', async () => {
    const answer = { appointment: { _id: 'a1', status: 'scheduled' } } as unknown as PaidBookingResponse;
    peer.answer(CLAIM, { status: 201, body: answer });
    const { store, seen, navigate } = start();

    await store.dispatch(waitlistApi.endpoints.claimOffer.initiate('o1'));

    expect(navigate).not.toHaveBeenCalled();
    expect(seen).toContainEqual(appointmentBooked(answer));
  });

  it('a live notification reads an open waitlist again', async () => {
    const { store } = start();
    void store.dispatch(waitlistApi.endpoints.waitlist.initiate(undefined));
    await vi.waitFor(() => expect(peer.to(WAITLIST_PATHS.waitlist)).toHaveLength(1));

    store.dispatch(notificationReceived({ message: 'A place is free', createdAt: '2030-01-01T00:00:00Z' }));

    await vi.waitFor(() => expect(peer.to(WAITLIST_PATHS.waitlist)).toHaveLength(2));
  });
});
