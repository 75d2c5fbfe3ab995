import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../../lib/api';
import { notificationReceived } from '../../lib/events';
import { loggedOut } from '../../lib/session.slice';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { NOTIFICATION_PATHS, notificationsApi } from './notifications.api';
import { notificationsSaga } from './notifications.saga';

/**
 * The bell's list is an RTK Query endpoint; live notifications and answered deletes patch it in
 * place, without reading it again. Against a real HTTP peer on loopback.
 */
const first = { _id: 'n1', message: 'Booked', createdAt: '2030-01-07T09:00:00.000Z' };
const second = { _id: 'n2', message: 'Confirmed', createdAt: '2030-01-07T10:00:00.000Z' };

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(NOTIFICATION_PATHS.list, { body: { notifications: [first, second] } });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer }),
    middleware: (defaults) => defaults().concat(api.middleware, sagas),
  });
  sagas.run(notificationsSaga);
  await store.dispatch(notificationsApi.endpoints.notifications.initiate());
  return store;
};
type Store = Awaited<ReturnType<typeof start>>;

const listOf = (store: Store) => notificationsApi.endpoints.notifications.select()(store.getState()).data;
const listReads = () => peer.to(NOTIFICATION_PATHS.list).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the bell's list", () => {
  it('reads the notifications', async () => {
    const store = await start();
    expect(listOf(store)).toEqual([first, second]);
  });

  it('is empty, quietly, when there is no list (404) or the answer is not one', async () => {
    peer.answer(NOTIFICATION_PATHS.list, { status: 404, body: { message: 'Not found' } });
    expect(listOf(await start())).toEqual([]);
    peer.answer(NOTIFICATION_PATHS.list, { body: { notifications: 'none' } });
    const store = await start();
    await store.dispatch(
      notificationsApi.endpoints.notifications.initiate(undefined, { forceRefetch: true }),
    );
    expect(listOf(store)).toEqual([]);
  });

  it('a live notification heads the list at once, and is not shown twice', async () => {
    const store = await start();
    const live = { _id: 'n3', message: 'New booking', createdAt: '2030-01-07T11:00:00.000Z' };

    store.dispatch(notificationReceived(live));
    store.dispatch(notificationReceived(live));

    expect(listOf(store)).toEqual([live, first, second]);
    await settle();
    expect(listReads()).toBe(1);
  });

  it('a notification goes once the server answered its delete with a message', async () => {
    peer.answer(NOTIFICATION_PATHS.delete, { body: { message: 'Deleted' } });
    const store = await start();

    void store.dispatch(notificationsApi.endpoints.deleteNotification.initiate('n1'));

    await vi.waitFor(() => expect(listOf(store)).toEqual([second]));
    expect(JSON.parse(peer.to(NOTIFICATION_PATHS.delete)[0]!.body)).toEqual({ _id: 'n1' });
    expect(listReads()).toBe(1);
  });

  it('stays when the delete is refused or answered without a message', async () => {
    peer.answer(NOTIFICATION_PATHS.delete, { body: {} });
    const store = await start();

    void store.dispatch(notificationsApi.endpoints.deleteNotification.initiate('n1'));
    await vi.waitFor(() => expect(peer.to(NOTIFICATION_PATHS.delete)).toHaveLength(1));
    await settle();

    expect(listOf(store)).toEqual([first, second]);
  });

  it('Clear All empties it once the server answered', async () => {
    peer.answer(NOTIFICATION_PATHS.deleteAll, { body: { message: 'Cleared' } });
    const store = await start();

    void store.dispatch(notificationsApi.endpoints.deleteAllNotifications.initiate());

    await vi.waitFor(() => expect(listOf(store)).toEqual([]));
  });

  it('is nobody’s once signed out', async () => {
    const store = await start();

    store.dispatch(loggedOut());

    expect(listOf(store)).toEqual([]);
  });
});
