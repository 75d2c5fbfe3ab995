import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { favouritesDecider, type FavouritesCommand } from './favourites.decider';

const now = '2026-11-22T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const P = 'p1';

describe('favourites decider', () => {
  const spec = specFor(favouritesDecider);
  const set = (favourite: boolean): FavouritesCommand => ({
    type: 'SetFavourite',
    data: { userId: 'u1', providerId: P, favourite },
    metadata,
  });
  const marked = { type: 'FavouriteProviderAdded' as const, data: { userId: 'u1', providerId: P, at: now } };
  it('marks and unmarks, and does nothing when already so', () => {
    spec.given([]).when(set(true)).then([marked]);
    spec.given([marked]).when(set(true)).then([]);
    spec
      .given([marked])
      .when(set(false))
      .then([{ type: 'FavouriteProviderRemoved', data: { userId: 'u1', providerId: P, at: now } }]);
    spec.given([]).when(set(false)).then([]);
  });
  it('marks again a provider unmarked before', () =>
    spec
      .given([marked, { type: 'FavouriteProviderRemoved', data: { userId: 'u1', providerId: P, at: now } }])
      .when(set(true))
      .then([marked]));
  it('holds each provider once, in the order marked', () => {
    const other = { ...marked, data: { ...marked.data, providerId: 'p2' } };
    const state = [marked, other, marked].reduce(favouritesDecider.evolve, favouritesDecider.initialState());
    expect(state).toEqual({ providerIds: [P, 'p2'] });
  });
  it('marks a provider already marked: nothing happens', () =>
    spec.given([marked]).when(set(true)).thenNothingHappened());
  it('unmarks a provider never marked: nothing happens', () =>
    spec.given([]).when(set(false)).thenNothingHappened());
});
