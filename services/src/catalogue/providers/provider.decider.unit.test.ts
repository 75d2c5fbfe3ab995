import { DEFAULT_BOOKING_POLICY } from '@appointment/contracts/policy';
import { defaultTemplate } from '@appointment/contracts/schedule';
import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';
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
/** A provider's details as a command gives them: its name is what the events record as businessName. */
const named = <T extends { businessName: string }>({ businessName, ...rest }: T) => ({
  ...rest,
  name: businessName,
});
const command = <T extends ProviderCommand['type']>(
  type: T,
  data: Extract<ProviderCommand, { type: T }>['data'],
): ProviderCommand => ({ type, data, metadata }) as ProviderCommand;

describe('provider decider: registration and review (docs/product.md §2.1, §4)', () => {
  const spec = specFor(providerDecider);
  const details = {
    providerId: 'p1',
    adminId: 'u1',
    businessName: 'Sunrise Clinic',
    industry: 'Healthcare',
    email: 'admin@example.com',
    phone: '4912345678',
    address: '12 Stadium Road, Palakkad',
  };
  const registeredProvider: ProviderEvent = { type: 'ProviderRegistered', data: { ...details, at: now } };
  const command = (type: ProviderCommand['type'], data: object = {}) =>
    ({ type, data, metadata }) as ProviderCommand;

  it('registers pending, and approval makes it active', () => {
    spec
      .given([])
      .when(command('RegisterProvider', named(details)))
      .then([registeredProvider]);
    spec
      .given([registeredProvider])
      .when(command('ApproveProvider'))
      .then([{ type: 'ProviderApproved', data: { providerId: 'p1', at: now } }]);
  });
  it('records nothing when the business is registered already (a retry)', () =>
    spec
      .given([registeredProvider])
      .when(command('RegisterProvider', named(details)))
      .thenNothingHappened());
  it('approves idempotently and rejects only while pending', () => {
    const approved: ProviderEvent = { type: 'ProviderApproved', data: { providerId: 'p1', at: now } };
    spec.given([registeredProvider, approved]).when(command('ApproveProvider')).then([]);
    spec.given([registeredProvider, approved]).when(command('RejectProvider')).thenThrows(IllegalStateError);
    spec
      .given([registeredProvider])
      .when(command('RejectProvider'))
      .then([
        {
          type: 'ProviderRejected',
          data: { providerId: 'p1', adminId: 'u1', businessName: 'Sunrise Clinic', at: now },
        },
      ]);
  });
  it('approving an active provider again: nothing happens', () =>
    spec
      .given([registeredProvider, { type: 'ProviderApproved', data: { providerId: 'p1', at: now } }])
      .when(command('ApproveProvider'))
      .thenNothingHappened());
  it('cannot approve what never registered', () =>
    spec
      .given([])
      .when(command('ApproveProvider'))
      .thenThrows(IllegalStateError, 'This provider is not waiting for approval'));
  it('does not approve a rejected provider, nor let it add services', () => {
    const rejected: ProviderEvent = {
      type: 'ProviderRejected',
      data: { providerId: 'p1', adminId: 'u1', at: now },
    };
    spec.given([registeredProvider, rejected]).when(command('ApproveProvider')).thenThrows(IllegalStateError);
    spec
      .given([registeredProvider, rejected])
      .when(command('AddService', consultation))
      .thenThrows(NotFoundError);
  });
});

describe('provider decider: availability (docs/product.md §2.8 Manage Availability)', () => {
  const spec = specFor(providerDecider);
  const availability = {
    workingHours: defaultTemplate().workingHours,
    breaks: [],
    timezone: 'Asia/Kolkata',
  };

  it("sets an active provider's working hours, breaks and time zone", () =>
    spec
      .given([registered, approved])
      .when(command('SetAvailability', availability))
      .then([{ type: 'AvailabilitySet', data: { ...availability, providerId: P, at: now } }]));
  it('refuses while the provider is pending', () =>
    spec.given([registered]).when(command('SetAvailability', availability)).thenThrows(IllegalStateError));
  it('then holds the new hours', () => {
    const state = [
      registered,
      approved,
      { type: 'AvailabilitySet', data: { ...availability, providerId: P, at: now } } as ProviderEvent,
    ].reduce(providerDecider.evolve, providerDecider.initialState());
    expect(state).toMatchObject(availability);
  });
});

describe('provider decider: services (docs/product.md §4, §5)', () => {
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
    spec
      .given([registered, approved, added])
      .when(command('AddService', consultation))
      .thenNothingHappened());
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

describe('provider decider: created by a superadmin (docs/product.md §2.8 Add Provider)', () => {
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
      .when(command('CreateProvider', { ...named(details), services: [consultation] }))
      .then([
        { type: 'ProviderCreated', data: { ...details, at: now } },
        { type: 'ServiceAdded', data: { ...consultation, providerId: P, at: now } },
      ]));
  it('refuses two services with one name', () =>
    spec
      .given([])
      .when(
        command('CreateProvider', {
          ...named(details),
          services: [consultation, { ...consultation, serviceId: 's2' }],
        }),
      )
      .thenThrows(ConflictError));
  it('records nothing when the provider exists already (a retry)', () =>
    spec
      .given([{ type: 'ProviderCreated', data: { ...details, at: now } }])
      .when(command('CreateProvider', { ...named(details), services: [consultation] }))
      .thenNothingHappened());
  it('starts active, with the default template and its own hours', () => {
    const state = [{ type: 'ProviderCreated', data: { ...details, at: now } } as ProviderEvent].reduce(
      providerDecider.evolve,
      providerDecider.initialState(),
    );
    expect(state).toMatchObject({ status: 'active', adminId: null, timezone: 'America/Chicago' });
    expect(state.status !== 'none' && state.templates).toEqual([defaultTemplate()]);
  });
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
      .thenNothingHappened());
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

describe('provider decider: booking policy', () => {
  const spec = specFor(providerDecider);
  const stateAfter = (events: ProviderEvent[]) =>
    events.reduce(providerDecider.evolve, providerDecider.initialState());
  const policy = {
    cancelDeadlineHours: 6,
    rescheduleDeadlineHours: 6,
    lateCancelFee: { kind: 'fixed' as const, value: 10 },
    noShowCharged: true,
    maxReschedules: 0,
    bufferMinutes: 0,
    minimumNoticeMinutes: 0,
    waitlistOfferMinutes: 15,
  };
  it('starts from the default policy', () => {
    const state = stateAfter([registered, approved]);
    expect(state.status !== 'none' && state.policy).toEqual(DEFAULT_BOOKING_POLICY);
  });
  it('records a new policy, then uses it', () => {
    spec
      .given([registered, approved])
      .when(command('SetBookingPolicy', { policy }))
      .then([{ type: 'BookingPolicySet', data: { providerId: P, policy, at: now } }]);
    const state = stateAfter([
      registered,
      approved,
      { type: 'BookingPolicySet', data: { providerId: P, policy, at: now } },
    ]);
    expect(state.status !== 'none' && state.policy).toEqual(policy);
  });
  it('records nothing when the policy is the one in force', () =>
    spec
      .given([registered, approved, { type: 'BookingPolicySet', data: { providerId: P, policy, at: now } }])
      .when(command('SetBookingPolicy', { policy }))
      .thenNothingHappened());
  it('records the default kept on the first save: the admin has chosen it (issue 32)', () => {
    spec
      .given([registered, approved])
      .when(command('SetBookingPolicy', { policy: DEFAULT_BOOKING_POLICY }))
      .then([{ type: 'BookingPolicySet', data: { providerId: P, policy: DEFAULT_BOOKING_POLICY, at: now } }]);
    const before = stateAfter([registered, approved]);
    expect(before.status !== 'none' && before.policyChosen).toBe(false);
  });
  it('refuses while the provider is pending', () =>
    spec.given([registered]).when(command('SetBookingPolicy', { policy })).thenThrows(IllegalStateError));
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
  it('saves a template, and a second save of its id replaces it', () => {
    const template = { ...defaultTemplate(), id: 't2', name: 'Weekends', isDefault: false };
    const saved: ProviderEvent = {
      type: 'ScheduleTemplateSaved',
      data: { template, providerId: P, at: now },
    };
    spec.given([registered, approved]).when(command('SaveTemplate', { template })).then([saved]);
    const renamed = { ...template, name: 'Weekend hours' };
    const state = [
      registered,
      approved,
      saved,
      { type: 'ScheduleTemplateSaved', data: { template: renamed, providerId: P, at: now } } as ProviderEvent,
    ].reduce(providerDecider.evolve, providerDecider.initialState());
    expect(state.status !== 'none' && state.templates).toEqual([defaultTemplate(), renamed]);
  });
  it('refuses templates while pending', () =>
    spec
      .given([registered])
      .when(command('SaveTemplate', { template: { ...defaultTemplate(), id: 't2', isDefault: false } }))
      .thenThrows(IllegalStateError));
});
