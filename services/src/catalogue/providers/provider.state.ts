import type { ServiceFields } from '@appointment/contracts/catalogue';
import { timezoneForAddress } from '@appointment/contracts/catalogue';
import { defaultCurrencyForAddress } from '@appointment/contracts/money';
import {
  defaultBreaks,
  defaultTemplate,
  defaultWorkingHours,
  type Break,
  type ScheduleTemplate,
  type WorkingHours,
} from '@appointment/contracts/schedule';
import type { ProviderEvent, ServiceEventData } from '@appointment/contracts/events/provider';
import { DEFAULT_BOOKING_POLICY, type BookingPolicy } from '@appointment/contracts/policy';

/**
 * A provider's state as its events make it (docs/product.md §4): the provider decider decides
 * on it (`provider.decider.ts`); `evolve` folds one event into it.
 */

/** `allowRecurring` (issue 31) is absent on services recorded before it: not bookable as a series. */
export type ProviderService = Omit<ServiceFields, 'allowRecurring'> & {
  serviceId: string;
  isPaymentNeeded: boolean;
  allowRecurring?: boolean;
};

export interface ProviderBody {
  providerId: string;
  adminId: string | null;
  /** The provider's name (`businessName` in its first event). */
  name: string;
  industry: string;
  email: string;
  phone: string;
  address: string;
  status: 'pending' | 'active' | 'rejected';
  services: ProviderService[];
  workingHours: WorkingHours;
  breaks: Break[];
  timezone: string;
  currency: string;
  templates: ScheduleTemplate[];
  /** The booking policy in force (issue 29); the default until its admin sets one. */
  policy: BookingPolicy;
  /** Whether its admin has saved a policy (the default kept counts): a new provider's first steps (issue 32). */
  policyChosen: boolean;
}

/**
 * docs/product.md §4: a provider registers pending; approving makes it active, rejecting removes it.
 * An active provider runs its services, availability and schedule templates; every active
 * provider starts with the default template "Standard Work Week".
 */
export type Provider = { status: 'none' } | ProviderBody;
export type ActiveProvider = ProviderBody & { status: 'active' };

export const serviceFromEvent = ({
  providerId: _p,
  at: _at,
  ...service
}: ServiceEventData): ProviderService => service as ProviderService;

/** The provider's state with `change` made, once it exists. */
const existing = (state: Provider, change: (provider: ProviderBody) => Provider): Provider =>
  state.status === 'none' ? state : change(state);

/** A list with `item` put in place of the one of its id, or added at the end. */
const upsert = <T>(items: T[], item: T, idOf: (candidate: T) => string): T[] =>
  items.some((candidate) => idOf(candidate) === idOf(item))
    ? items.map((candidate) => (idOf(candidate) === idOf(item) ? item : candidate))
    : [...items, item];

export const evolve = (state: Provider, event: ProviderEvent): Provider => {
  switch (event.type) {
    case 'ProviderRegistered': {
      const { at: _at, businessName, ...details } = event.data;
      return {
        ...details,
        name: businessName,
        status: 'pending',
        services: [],
        workingHours: defaultWorkingHours(),
        breaks: defaultBreaks(),
        timezone: timezoneForAddress(details.address),
        currency: details.currency ?? defaultCurrencyForAddress(details.address),
        templates: [],
        policy: DEFAULT_BOOKING_POLICY,
        policyChosen: false,
      };
    }
    case 'ProviderCreated': {
      const d = event.data;
      return {
        providerId: d.providerId,
        adminId: null,
        name: d.businessName,
        industry: d.industry,
        email: d.email,
        phone: d.phone,
        address: d.address,
        status: 'active',
        services: [],
        workingHours: d.workingHours,
        breaks: d.breaks,
        timezone: d.timezone,
        currency: d.currency ?? defaultCurrencyForAddress(d.address),
        templates: [defaultTemplate()],
        policy: DEFAULT_BOOKING_POLICY,
        policyChosen: false,
      };
    }
    case 'ProviderApproved':
      return existing(state, (p) => ({ ...p, status: 'active', templates: [defaultTemplate()] }));
    case 'ProviderRejected':
      return existing(state, (p) => ({ ...p, status: 'rejected' }));
    case 'ProviderCurrencyChanged':
      return existing(state, (p) => ({ ...p, currency: event.data.currency }));
    case 'BookingPolicySet':
      return existing(state, (p) => ({
        ...p,
        policy: event.data.policy as BookingPolicy,
        policyChosen: true,
      }));
    case 'ServiceAdded':
    case 'ServiceEdited':
      return existing(state, (p) => ({
        ...p,
        services: upsert(p.services, serviceFromEvent(event.data), (s) => s.serviceId),
      }));
    case 'ServiceDeleted':
      return existing(state, (p) => ({
        ...p,
        services: p.services.filter((s) => s.serviceId !== event.data.serviceId),
      }));
    case 'AvailabilitySet': {
      const { workingHours, breaks, timezone } = event.data;
      return existing(state, (p) => ({ ...p, workingHours, breaks, timezone }));
    }
    case 'ScheduleTemplateSaved':
      return existing(state, (p) => ({
        ...p,
        templates: upsert(p.templates, event.data.template, (t) => t.id),
      }));
    case 'ScheduleTemplateDeleted':
      return existing(state, (p) => ({
        ...p,
        templates: p.templates.filter((t) => t.id !== event.data.templateId),
      }));
    default:
      return state;
  }
};
