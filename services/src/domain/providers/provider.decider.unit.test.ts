import { defaultTemplate } from '@appointment/contracts/schedule';
import type { Command } from '../command-handler';
import { specFor } from '../decider-spec';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../errors';
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
