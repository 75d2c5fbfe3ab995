import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { CATALOGUE_PATHS } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { bookingApi } from './booking.api';
import { bookingReducer, selectFavouriteBusyIds, selectFavouriteError } from './booking.slice';

/**
 * The favourites are an RTK Query read; marking one is a mutation that shows the mark at once,
 * then settles it with the server's list or takes it back. Against a real HTTP peer.
 */
const favouritesBody = (...ids: string[]) => ({ favorites: ids.map((itemId) => ({ itemId })) });

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(CATALOGUE_PATHS.favourites, { body: favouritesBody('p1') });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const store = configureStore({
    reducer: combineReducers({ booking: bookingReducer, [api.reducerPath]: api.reducer }),
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  await store.dispatch(bookingApi.endpoints.favourites.initiate());
  return store;
};
type Store = Awaited<ReturnType<typeof start>>;

const favouritesOf = (store: Store) => bookingApi.endpoints.favourites.select()(store.getState()).data;

describe('the favourite marks', () => {
  it('reads the ids of the favourite providers', async () => {
    expect(favouritesOf(await start())).toEqual(['p1']);
  });

  it('shows a mark at once and settles it with the list the server answers, without reading again', async () => {
    peer.answer(CATALOGUE_PATHS.updateFavourite, { body: favouritesBody('p1', 'p2') });
    const store = await start();

    void store.dispatch(bookingApi.endpoints.updateFavourite.initiate({ providerId: 'p2', favourite: true }));

    expect(favouritesOf(store)).toEqual(['p1', 'p2']);
    expect(selectFavouriteBusyIds(store.getState())).toEqual(['p2']);
    await vi.waitFor(() => expect(selectFavouriteBusyIds(store.getState())).toEqual([]));
    expect(favouritesOf(store)).toEqual(['p1', 'p2']);
    expect(JSON.parse(peer.to(CATALOGUE_PATHS.updateFavourite)[0]!.body)).toEqual({
      providerId: 'p2',
      favorite: true,
    });
    expect(peer.to(CATALOGUE_PATHS.favourites)).toHaveLength(1);
  });

  it('takes a refused mark back and says so', async () => {
    peer.answer(CATALOGUE_PATHS.updateFavourite, { status: 500, body: { message: 'No' } });
    const store = await start();

    void store.dispatch(
      bookingApi.endpoints.updateFavourite.initiate({ providerId: 'p1', favourite: false }),
    );

    expect(favouritesOf(store)).toEqual([]);
    await vi.waitFor(() => expect(selectFavouriteError(store.getState())).toBe(MESSAGES.favouriteFailed));
    expect(favouritesOf(store)).toEqual(['p1']);
    expect(selectFavouriteBusyIds(store.getState())).toEqual([]);
  });
});
