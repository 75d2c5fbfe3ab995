import { describe, expect, it } from 'vitest';
import type { Industry, Provider } from '@appointment/contracts/catalogue';
import {
  bookingPageOpened,
  bookingReducer,
  industriesShown,
  industrySelected,
  initialBookingState,
  providerSelected,
  selectProviderNarrowing,
  serviceChosen,
  visibleProviders,
  type BookingState,
} from './booking.slice';

const industries: Industry[] = [
  { id: 'healthcare', name: 'Healthcare', icon: '🩺' },
  { id: 'fitness', name: 'Fitness', icon: '💪' },
];
const sunrise = {
  id: 'p1',
  name: 'Sunrise Clinic',
  industry: 'Healthcare',
  address: '12 Stadium Road, Palakkad',
} as Provider;
const glow = { id: 'p2', name: 'Glow Gym', industry: 'Fitness', address: '3 Lake Road, Kochi' } as Provider;
const lotus = {
  id: 'p3',
  name: 'Lotus Care',
  industry: 'Healthcare',
  address: '9 Hill Street, Kochi',
} as Provider;

const run = (...actions: Parameters<typeof bookingReducer>[1][]): BookingState =>
  actions.reduce(bookingReducer, initialBookingState);

describe('the booking slice', () => {
  it('selects the first industry once the industries are known (docs/product.md §2.6)', () => {
    const state = run(bookingPageOpened(), industriesShown(industries));
    expect(state.selectedIndustry).toBe('Healthcare');
    expect(state.selectedProvider).toBeNull();
  });

  it("opened on a provider, selects that provider's industry and opens its booking screen (issue 18)", () => {
    const state = run(bookingPageOpened(glow), industriesShown(industries));
    expect(state.selectedIndustry).toBe('Fitness');
    expect(state.selectedProvider).toEqual(glow);
    expect(state.openingProvider).toBeNull();
  });

  it('keeps a chosen industry when the industries are read again', () => {
    const state = run(bookingPageOpened(), industriesShown(industries), industrySelected('Fitness'));
    expect(bookingReducer(state, industriesShown(industries)).selectedIndustry).toBe('Fitness');
  });

  it('selects nothing while there are no industries', () => {
    expect(run(bookingPageOpened(), industriesShown([])).selectedIndustry).toBeNull();
  });

  it('a new industry closes the booking screen and forgets the chosen service', () => {
    const state = run(
      bookingPageOpened(),
      industriesShown(industries),
      providerSelected(sunrise),
      serviceChosen('Consultation'),
      industrySelected('Fitness'),
    );
    expect(state).toMatchObject({
      selectedIndustry: 'Fitness',
      selectedProvider: null,
      selectedService: null,
    });
  });
});

describe('the providers shown', () => {
  const narrowing = (state: BookingState) => selectProviderNarrowing({ booking: state });
  /** The narrowing of a user with no favourites (they come from the favourites read). */
  const shown = (state: BookingState) => ({ ...narrowing(state), favouriteIds: [] });

  it('narrows the fetched list at once by the industry, a whole word of the address and the name', () => {
    const state = run(industriesShown(industries));
    expect(visibleProviders([sunrise, glow, lotus], shown(state))).toEqual([sunrise, lotus]);
    const inKochi = { ...state, filters: { ...state.filters, location: 'Kochi' } };
    expect(visibleProviders([sunrise, glow, lotus], shown(inKochi))).toEqual([lotus]);
    const named = { ...state, filters: { ...state.filters, search: 'sunrise' } };
    expect(visibleProviders([sunrise, glow, lotus], shown(named))).toEqual([sunrise]);
  });

  it('shows only favourites when asked', () => {
    const state = run(industriesShown(industries));
    const favouritesOnly = { ...state, filters: { ...state.filters, favouritesOnly: true } };
    const favourites = { ...narrowing(favouritesOnly), favouriteIds: ['p3'] };
    expect(visibleProviders([sunrise, glow, lotus], favourites)).toEqual([lotus]);
  });

  it('gives the same narrowing while the fields it reads stay the same', () => {
    const state = run(industriesShown(industries));
    expect(narrowing(state)).toBe(narrowing({ ...state, mode: 'manual' }));
  });
});
