import { defaultTemplate } from '@appointment/contracts/schedule';
import type { Command } from '../command-handler';
import { specFor } from '../decider-spec';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../errors';
import { favouritesDecider, type FavouritesCommand } from '../favourites/favourites.decider';
import { timeSlotDecider, type TimeSlotCommand } from '../schedule/time-slot.decider';
import {
  providerDecider,
  type ProviderCommand,
  type ProviderEvent,
  type ProviderService,
} from './provider.decider';

const now = '2026-11-22T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const P = 'p1';

const registered: ProviderEvent = {
  type: 'ProviderRegistered',
  data: {
    providerId: P,
    adminId: 'admin-1',
    businessName: 'Sunrise Clinic',
    industry: 'Healthcare',
    email: 'admin@example.com',
    phone: '4912345678',
    address: '12 Stadium Road, Palakkad',
    at: now,
  },
};
const approved: ProviderEvent = { type: 'ProviderApproved', data: { providerId: P, at: now } };
const consultation: ProviderService = {
  serviceId: 's1',
  name: 'Consultation',
  duration: 30,
  price: 50,
  isPaymentNeeded: true,
  automaticBooking: false,
};
const added: ProviderEvent = { type: 'ServiceAdded', data: { ...consultation, providerId: P, at: now } };
const command = <T extends ProviderCommand['type']>(
  type: T,
  data: Extract<ProviderCommand, { type: T }>['data'],
): ProviderCommand => ({ type, data, metadata }) as ProviderCommand;

describe('provider decider: services (SPEC §4, §5)', () => {
  const spec = specFor(providerDecider);

  it('adds a service to an active provider', () =>
    spec.given([registered, approved]).when(command('AddService', consultation)).then([added]));
  it('refuses services while the provider is pending', () =>
    spec.given([registered]).when(command('AddService', consultation)).thenThrows(IllegalStateError));
  it('refuses a second service of the same name, whatever the case', () =>
    spec
      .given([registered, approved, added])
      .when(command('AddService', { ...consultation, serviceId: 's2', name: ' consultation ' }))
      .thenThrows(ConflictError));
  it('adds nothing when the same service id comes again (a retry)', () =>
    spec.given([registered, approved, added]).when(command('AddService', consultation)).then([]));
  it('edits a service and remembers the name it had', () =>
    spec
      .given([registered, approved, added])
      .when(
        command('EditService', {
          ...consultation,
          name: 'First Consultation',
          price: 0,
          isPaymentNeeded: false,
        }),
      )
      .then([
        {
          type: 'ServiceEdited',
          data: {
            ...consultation,
            name: 'First Consultation',
            price: 0,
            isPaymentNeeded: false,
            providerId: P,
            previousName: 'Consultation',
            at: now,
          },
        },
      ]));
  it('refuses to edit or delete an unknown service', () => {
    spec.given([registered, approved]).when(command('EditService', consultation)).thenThrows(NotFoundError);
    spec
      .given([registered, approved])
      .when(command('DeleteService', { serviceId: 'nope' }))
      .thenThrows(NotFoundError);
  });
  it('deletes a service', () =>
    spec
      .given([registered, approved, added])
      .when(command('DeleteService', { serviceId: 's1' }))
      .then([
        { type: 'ServiceDeleted', data: { providerId: P, serviceId: 's1', name: 'Consultation', at: now } },
      ]));
});

describe('provider decider: created by a superadmin (SPEC §2.8 Add Provider)', () => {
  const spec = specFor(providerDecider);
  const details = {
    providerId: P,
    businessName: 'Peak Gym',
    industry: 'Fitness',
    email: 'peak@example.com',
    phone: '3125550142',
    address: '1 Main St, Chicago',
    description: '',
    imageUrl: null,
    workingHours: defaultTemplate().workingHours,
    breaks: defaultTemplate().breaks,
    specialties: [],
    timezone: 'America/Chicago',
    currency: 'USD',
  };

  it('records the provider and each of its services in one append', () =>
    spec
      .given([])
      .when(command('CreateProvider', { ...details, services: [consultation] }))
      .then([
        { type: 'ProviderCreated', data: { ...details, at: now } },
        { type: 'ServiceAdded', data: { ...consultation, providerId: P, at: now } },
      ]));
  it('refuses two services with one name', () =>
    spec
      .given([])
      .when(
        command('CreateProvider', {
          ...details,
          services: [consultation, { ...consultation, serviceId: 's2' }],
        }),
      )
      .thenThrows(ConflictError));
});

describe('provider decider: one currency per provider (issue 18)', () => {
  const spec = specFor(providerDecider);
  const stateAfter = (events: ProviderEvent[]) =>
    events.reduce(providerDecider.evolve, providerDecider.initialState());

  it("reads a registration recorded without a currency as its country's (India: INR)", () => {
    const state = stateAfter([registered, approved]);
    expect(state.status !== 'none' && state.currency).toBe('INR');
  });
  it('keeps the currency a registration names', () => {
    const state = stateAfter([{ ...registered, data: { ...registered.data, currency: 'EUR' } }]);
    expect(state.status !== 'none' && state.currency).toBe('EUR');
  });
  it("changes an active provider's currency", () =>
    spec
      .given([registered, approved])
      .when(command('SetCurrency', { currency: 'EUR' }))
      .then([{ type: 'ProviderCurrencyChanged', data: { providerId: P, currency: 'EUR', at: now } }]));
  it('records nothing when the currency is already the one asked for', () =>
    spec
      .given([registered, approved])
      .when(command('SetCurrency', { currency: 'INR' }))
      .then([]));
  it('then uses the new currency', () => {
    const state = stateAfter([
      registered,
      approved,
      { type: 'ProviderCurrencyChanged', data: { providerId: P, currency: 'GBP', at: now } },
    ]);
    expect(state.status !== 'none' && state.currency).toBe('GBP');
  });
  it('refuses a currency it does not support', () =>
    spec
      .given([registered, approved])
      .when(command('SetCurrency', { currency: 'XYZ' }))
      .thenThrows(ValidationError));
  it('refuses while the provider is pending', () =>
    spec
      .given([registered])
      .when(command('SetCurrency', { currency: 'EUR' }))
      .thenThrows(IllegalStateError));
});

describe('provider decider: templates', () => {
  const spec = specFor(providerDecider);
  it('starts an approved provider with the default template, which can be deleted', () =>
    spec
      .given([registered, approved])
      .when(command('DeleteTemplate', { templateId: defaultTemplate().id }))
      .then([
        {
          type: 'ScheduleTemplateDeleted',
          data: { providerId: P, templateId: defaultTemplate().id, at: now },
        },
      ]));
  it('refuses to delete a template it does not have', () =>
    spec
      .given([registered, approved])
      .when(command('DeleteTemplate', { templateId: 'x' }))
      .thenThrows(NotFoundError));
  it('refuses templates while pending', () =>
    spec
      .given([registered])
      .when(command('SaveTemplate', { template: { ...defaultTemplate(), id: 't2', isDefault: false } }))
      .thenThrows(IllegalStateError));
});

describe('time slot decider', () => {
  const spec = specFor(timeSlotDecider);
  const data = {
    timeSlotId: 't1',
    providerId: P,
    serviceIds: ['Consultation'],
    date: '2026-12-01',
    startTime: '09:00',
    endTime: '12:00',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-12-01T03:30:00.000Z',
    endDateTime: '2026-12-01T06:30:00.000Z',
    availableSlots: 6,
    addAsSlot: true,
  };
  const add: TimeSlotCommand = { type: 'AddTimeSlot', data, metadata };
  it('adds a window once; the same window again adds nothing', () => {
    spec
      .given([])
      .when(add)
      .then([{ type: 'TimeSlotAdded', data: { ...data, at: now } }]);
    spec
      .given([{ type: 'TimeSlotAdded', data: { ...data, at: now } }])
      .when(add)
      .then([]);
  });
});

describe('favourites decider', () => {
  const spec = specFor(favouritesDecider);
  const set = (favorite: boolean): FavouritesCommand => ({
    type: 'SetFavourite',
    data: { userId: 'u1', providerId: P, favorite },
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
});

describe('time slot decider: bookings (DESIGN §5)', () => {
  const spec = specFor(timeSlotDecider);
  const window = (over: Partial<TimeSlotCommand['data']> = {}) => ({
    type: 'TimeSlotAdded' as const,
    data: {
      timeSlotId: 't1',
      providerId: P,
      serviceIds: ['Consultation'],
      date: '2026-12-01',
      startTime: '09:00',
      endTime: '10:00',
      timezone: 'UTC',
      startDateTime: '2026-12-01T09:00:00.000Z',
      endDateTime: '2026-12-01T10:00:00.000Z',
      availableSlots: 2,
      addAsSlot: true,
      at: now,
      ...over,
    },
  });
  const booking = (appointmentId: string, index: number | null, providerId = P) => ({
    appointmentId,
    providerId,
    userId: 'u1',
    email: 'u1@example.com',
    username: 'U One',
    providerName: 'Sunrise Clinic',
    serviceName: 'Consultation',
    index,
    paymentNeeded: true,
    automaticBooking: false,
    amount: 50,
  });
  const book = (appointmentId: string, index: number | null, at = now): TimeSlotCommand => ({
    type: 'BookInterval',
    data: booking(appointmentId, index),
    metadata: { ...metadata, now: at },
  });
  const booked = (appointmentId: string, index: number | null, start: string, end: string) => ({
    type: 'IntervalBooked' as const,
    data: {
      ...booking(appointmentId, index),
      status: 'pending' as const,
      timeSlotId: 't1',
      providerId: P,
      date: '2026-12-01',
      timezone: 'UTC',
      startDateTime: start,
      endDateTime: end,
      at: now,
    },
  });
  const status = (appointmentId: string, to: 'cancelled' | 'scheduled'): TimeSlotCommand => ({
    type: 'ChangeAppointmentStatus',
    data: { appointmentId, status: to },
    metadata,
  });

  it('books a free interval with its own instants, pending while payment is due', () =>
    spec
      .given([window()])
      .when(book('a1', 2))
      .then([booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')]));
  it('refuses a taken interval, an unknown one, and one already started', () => {
    const taken = booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
    spec.given([window(), taken]).when(book('a2', 2)).thenThrows(ConflictError);
    spec.given([window()]).when(book('a2', 3)).thenThrows(ValidationError);
    spec
      .given([window()])
      .when(book('a2', 1, '2026-12-01T09:00:00.000Z'))
      .thenThrows(IllegalStateError);
  });
  it("refuses a booking priced by another provider's service (issue 16: Rival's price in Sunrise's slot)", () =>
    spec
      .given([window()])
      .when({ type: 'BookInterval', data: booking('a1', 2, 'rival-clinic'), metadata })
      .thenThrows(ValidationError));
  it('books the same appointment only once', () =>
    spec
      .given([window(), booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')])
      .when(book('a1', 2))
      .then([]));
  it('fills a block up to its capacity and no further', () => {
    const block = window({ addAsSlot: false });
    const one = booked('a1', null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    const two = booked('a2', null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    spec.given([block, one]).when(book('a2', null)).then([two]);
    spec.given([block, one, two]).when(book('a3', null)).thenThrows(ConflictError);
  });
  it('frees the interval of a cancelled appointment, and takes it back only while free', () => {
    const first = booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
    const cancelled = {
      type: 'AppointmentStatusChanged' as const,
      data: {
        timeSlotId: 't1',
        providerId: P,
        appointmentId: 'a1',
        from: 'pending' as const,
        to: 'cancelled' as const,
        at: now,
      },
    };
    spec.given([window(), first]).when(status('a1', 'cancelled')).then([cancelled]);
    spec
      .given([window(), first, cancelled])
      .when(book('a2', 2))
      .then([booked('a2', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')]);
    spec
      .given([
        window(),
        first,
        cancelled,
        booked('a2', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z'),
      ])
      .when(status('a1', 'scheduled'))
      .thenThrows(ConflictError);
  });
});
