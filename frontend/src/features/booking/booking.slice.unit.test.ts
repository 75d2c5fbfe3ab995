import { describe, expect, it } from 'vitest';
import type { Industry, Provider } from '@appointment/contracts/catalogue';
import type { ChosenSlot } from '@appointment/contracts/booking';
import type { RescheduleTarget } from '../../lib/events';
import {
  bookAgainProviderLoaded,
  bookingPageOpened,
  bookingReducer,
  bookingSubmitted,
  industriesShown,
  industrySelected,
  initialBookingState,
  providerClosed,
  providerSelected,
  rescheduleProviderLoaded,
  placeRefused,
  selectProviderNarrowing,
  serviceChosen,
  slotChosen,
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

describe('moving a booking (issue 29)', () => {
  const moving: RescheduleTarget = {
    appointmentId: 'a1',
    providerId: 'p2',
    serviceName: 'Personal Training',
    startDateTime: '2030-01-07T09:00:00.000Z',
    endDateTime: '2030-01-07T09:30:00.000Z',
    timezone: 'UTC',
    listTitle: 'Scheduled Appointments',
  };
  const slot = { _id: 's2', startDateTime: '2030-01-08T09:00:00.000Z', index: 2 } as ChosenSlot;

  it("opens on the booking's provider and service once the provider is read, before the industries or after", () => {
    for (const state of [
      run(bookingPageOpened(undefined, moving), rescheduleProviderLoaded(glow), industriesShown(industries)),
      run(bookingPageOpened(undefined, moving), industriesShown(industries), rescheduleProviderLoaded(glow)),
    ]) {
      expect(state).toMatchObject({
        selectedIndustry: 'Fitness',
        selectedProvider: glow,
        selectedService: 'Personal Training',
        mode: 'automatic',
        reschedule: moving,
      });
    }
  });

  it('"Book Again" opens on its provider and service, before the industries or after (issue 32)', () => {
    const again = bookAgainProviderLoaded({ provider: glow, serviceName: 'Personal Training' });
    for (const state of [
      run(bookingPageOpened(), again, industriesShown(industries)),
      run(bookingPageOpened(), industriesShown(industries), again),
    ]) {
      expect(state).toMatchObject({
        selectedIndustry: 'Fitness',
        selectedProvider: glow,
        selectedService: 'Personal Training',
        reschedule: null,
      });
    }
    // A provider opened meanwhile stays open.
    expect(run(bookingPageOpened(), providerSelected(sunrise), again).selectedProvider).toBe(sunrise);
  });

  it('opens on no other provider, and a second read changes nothing chosen since', () => {
    const opened = run(bookingPageOpened(undefined, moving), rescheduleProviderLoaded(sunrise));
    expect(opened.selectedProvider).toBeNull();
    const choosing = run(
      bookingPageOpened(undefined, moving),
      rescheduleProviderLoaded(glow),
      slotChosen(slot),
    );
    expect(bookingReducer(choosing, rescheduleProviderLoaded(glow)).confirm).not.toBeNull();
  });

  it('a refused move closes the dialog and says why on the screen, until another place is picked', () => {
    const refused = run(
      bookingPageOpened(undefined, moving),
      rescheduleProviderLoaded(glow),
      slotChosen(slot),
      bookingSubmitted(),
      placeRefused('This slot was just booked'),
    );
    expect(refused).toMatchObject({
      confirm: null,
      placeRefusal: 'This slot was just booked',
      reschedule: moving,
    });
    expect(bookingReducer(refused, slotChosen(slot))).toMatchObject({
      placeRefusal: null,
      reschedule: moving,
    });
  });

  it('leaving the provider ends the move, and the next opening forgets it', () => {
    const opened = run(bookingPageOpened(undefined, moving), rescheduleProviderLoaded(glow));
    for (const leave of [industrySelected('Healthcare'), providerSelected(sunrise), providerClosed()]) {
      expect(bookingReducer(opened, leave).reschedule).toBeNull();
    }
    expect(bookingReducer(opened, bookingPageOpened()).reschedule).toBeNull();
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
