import type { ServiceFields } from '@appointment/contracts/catalogue';
import { timezoneForAddress } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { defaultCurrencyForAddress, isSupportedCurrency } from '@appointment/contracts/money';
import {
  defaultBreaks,
  defaultTemplate,
  defaultWorkingHours,
  type Break,
  type ScheduleTemplate,
  type WorkingHours,
} from '@appointment/contracts/schedule';
import type { Command, Decider } from '../command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../errors';

export const providerStream = (providerId: string) => `provider-${providerId}`;

export interface ProviderDetails {
  providerId: string;
  adminId: string;
  businessName: string;
  industry: string;
  email: string;
  phone: string;
  address: string;
  /** Issue 18: ISO 4217; the address's country's currency unless chosen. */
  currency: string;
}

/** A provider a superadmin adds directly (docs/product.md §2.8 Add Provider): active at once, no admin yet. */
export interface CreatedProviderDetails {
  providerId: string;
  businessName: string;
  industry: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  imageUrl: string | null;
  workingHours: WorkingHours;
  breaks: Break[];
  specialties: string[];
  timezone: string;
  currency: string;
}

export type ProviderService = ServiceFields & { serviceId: string; isPaymentNeeded: boolean };

export type ProviderCommand =
  | (Command & { type: 'RegisterProvider'; data: ProviderDetails })
  | (Command & { type: 'CreateProvider'; data: CreatedProviderDetails & { services: ProviderService[] } })
  | (Command & { type: 'ApproveProvider'; data: Record<string, never> })
  | (Command & { type: 'RejectProvider'; data: Record<string, never> })
  | (Command & { type: 'AddService'; data: ProviderService })
  | (Command & { type: 'EditService'; data: ProviderService })
  | (Command & { type: 'DeleteService'; data: { serviceId: string } })
  | (Command & {
      type: 'SetAvailability';
      data: { workingHours: WorkingHours; breaks: Break[]; timezone: string };
    })
  | (Command & { type: 'SetCurrency'; data: { currency: string } })
  | (Command & { type: 'SaveTemplate'; data: { template: ScheduleTemplate } })
  | (Command & { type: 'DeleteTemplate'; data: { templateId: string } });

type At = { providerId: string; at: string };
export type ServiceEventData = ProviderService & At;

/** Events recorded before issue 18 have no currency: they read as the address's country's. */
type CurrencyOnceAbsent<T> = Omit<T, 'currency'> & { currency?: string };

export type ProviderEvent =
  | { type: 'ProviderRegistered'; data: CurrencyOnceAbsent<ProviderDetails> & { at: string } }
  | { type: 'ProviderCreated'; data: CurrencyOnceAbsent<CreatedProviderDetails> & { at: string } }
  | { type: 'ProviderCurrencyChanged'; data: At & { currency: string } }
  | { type: 'ProviderApproved'; data: At }
  | { type: 'ProviderRejected'; data: At & { adminId: string } }
  | { type: 'ServiceAdded'; data: ServiceEventData }
  | { type: 'ServiceEdited'; data: ServiceEventData & { previousName: string } }
  | { type: 'ServiceDeleted'; data: At & { serviceId: string; name: string } }
  | { type: 'AvailabilitySet'; data: At & { workingHours: WorkingHours; breaks: Break[]; timezone: string } }
  | { type: 'ScheduleTemplateSaved'; data: At & { template: ScheduleTemplate } }
  | { type: 'ScheduleTemplateDeleted'; data: At & { templateId: string } };

interface ProviderBody {
  providerId: string;
  adminId: string | null;
  businessName: string;
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
}

/**
 * docs/product.md §4: a provider registers pending; approving makes it active, rejecting removes it.
 * An active provider runs its services, availability and schedule templates; every active
 * provider starts with the default template "Standard Work Week".
 */
export type Provider = { status: 'none' } | ProviderBody;
export type ActiveProvider = ProviderBody & { status: 'active' };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const requireActive = (state: Provider): ProviderBody => {
  if (state.status === 'none' || state.status === 'rejected')
    throw new NotFoundError(MESSAGES.providerNotFound);
  if (state.status !== 'active') throw new IllegalStateError(MESSAGES.providerUnderReview);
  return state;
};

const serviceOf = (state: ProviderBody, serviceId: string): ProviderService => {
  const service = state.services.find((candidate) => candidate.serviceId === serviceId);
  if (!service) throw new NotFoundError(MESSAGES.serviceNotFound);
  return service;
};

const refuseDuplicateName = (state: ProviderBody, name: string, exceptId?: string) => {
  if (state.services.some((service) => service.serviceId !== exceptId && sameName(service.name, name))) {
    throw new ConflictError(MESSAGES.serviceNameTaken, [
      { field: 'name', message: MESSAGES.serviceNameTaken },
    ]);
  }
};

const withService = (state: Provider, service: ProviderService): Provider => {
  if (state.status === 'none') return state;
  const services = state.services.some((s) => s.serviceId === service.serviceId)
    ? state.services.map((s) => (s.serviceId === service.serviceId ? service : s))
    : [...state.services, service];
  return { ...state, services };
};

const serviceFromEvent = ({ providerId: _p, at: _at, ...service }: ServiceEventData): ProviderService =>
  service as ProviderService;

export const providerDecider: Decider<ProviderCommand, ProviderEvent, Provider> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ProviderRegistered': {
        const { at: _at, ...details } = event.data;
        return {
          ...details,
          status: 'pending',
          services: [],
          workingHours: defaultWorkingHours(),
          breaks: defaultBreaks(),
          timezone: timezoneForAddress(details.address),
          currency: details.currency ?? defaultCurrencyForAddress(details.address),
          templates: [],
        };
      }
      case 'ProviderCreated': {
        const d = event.data;
        return {
          providerId: d.providerId,
          adminId: null,
          businessName: d.businessName,
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
        };
      }
      case 'ProviderApproved':
        return state.status === 'none'
          ? state
          : { ...state, status: 'active', templates: [defaultTemplate()] };
      case 'ProviderRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      case 'ProviderCurrencyChanged':
        return state.status === 'none' ? state : { ...state, currency: event.data.currency };
      case 'ServiceAdded':
      case 'ServiceEdited':
        return withService(state, serviceFromEvent(event.data));
      case 'ServiceDeleted':
        return state.status === 'none'
          ? state
          : { ...state, services: state.services.filter((s) => s.serviceId !== event.data.serviceId) };
      case 'AvailabilitySet':
        return state.status === 'none'
          ? state
          : {
              ...state,
              workingHours: event.data.workingHours,
              breaks: event.data.breaks,
              timezone: event.data.timezone,
            };
      case 'ScheduleTemplateSaved': {
        if (state.status === 'none') return state;
        const { template } = event.data;
        const templates = state.templates.some((t) => t.id === template.id)
          ? state.templates.map((t) => (t.id === template.id ? template : t))
          : [...state.templates, template];
        return { ...state, templates };
      }
      case 'ScheduleTemplateDeleted':
        return state.status === 'none'
          ? state
          : { ...state, templates: state.templates.filter((t) => t.id !== event.data.templateId) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    const at = command.metadata.now;
    switch (command.type) {
      case 'RegisterProvider':
        return state.status === 'none' ? [{ type: 'ProviderRegistered', data: { ...command.data, at } }] : [];
      case 'CreateProvider': {
        if (state.status !== 'none') return [];
        const { services, ...details } = command.data;
        const names = new Set<string>();
        for (const service of services) {
          const key = service.name.trim().toLowerCase();
          if (names.has(key)) throw new ConflictError(MESSAGES.serviceNameTaken);
          names.add(key);
        }
        return [
          { type: 'ProviderCreated', data: { ...details, at } },
          ...services.map((service): ProviderEvent => ({
            type: 'ServiceAdded',
            data: { ...service, providerId: details.providerId, at },
          })),
        ];
      }
      case 'ApproveProvider':
        if (state.status === 'active') return [];
        if (state.status !== 'pending') throw new IllegalStateError(MESSAGES.providerNotPending);
        return [{ type: 'ProviderApproved', data: { providerId: state.providerId, at } }];
      case 'RejectProvider':
        if (state.status !== 'pending') throw new IllegalStateError(MESSAGES.providerNotPending);
        return [
          {
            type: 'ProviderRejected',
            data: { providerId: state.providerId, adminId: state.adminId ?? '', at },
          },
        ];
      case 'AddService': {
        const provider = requireActive(state);
        if (provider.services.some((s) => s.serviceId === command.data.serviceId)) return [];
        refuseDuplicateName(provider, command.data.name);
        return [{ type: 'ServiceAdded', data: { ...command.data, providerId: provider.providerId, at } }];
      }
      case 'EditService': {
        const provider = requireActive(state);
        const current = serviceOf(provider, command.data.serviceId);
        refuseDuplicateName(provider, command.data.name, current.serviceId);
        return [
          {
            type: 'ServiceEdited',
            data: { ...command.data, providerId: provider.providerId, previousName: current.name, at },
          },
        ];
      }
      case 'DeleteService': {
        const provider = requireActive(state);
        const current = serviceOf(provider, command.data.serviceId);
        return [
          {
            type: 'ServiceDeleted',
            data: { providerId: provider.providerId, serviceId: current.serviceId, name: current.name, at },
          },
        ];
      }
      case 'SetAvailability': {
        const provider = requireActive(state);
        return [{ type: 'AvailabilitySet', data: { ...command.data, providerId: provider.providerId, at } }];
      }
      case 'SetCurrency': {
        const provider = requireActive(state);
        if (!isSupportedCurrency(command.data.currency)) {
          throw new ValidationError(MESSAGES.currencyUnsupported, [
            { field: 'currency', message: MESSAGES.currencyUnsupported },
          ]);
        }
        if (provider.currency === command.data.currency) return [];
        return [
          {
            type: 'ProviderCurrencyChanged',
            data: { providerId: provider.providerId, currency: command.data.currency, at },
          },
        ];
      }
      case 'SaveTemplate': {
        const provider = requireActive(state);
        return [
          { type: 'ScheduleTemplateSaved', data: { ...command.data, providerId: provider.providerId, at } },
        ];
      }
      case 'DeleteTemplate': {
        const provider = requireActive(state);
        if (!provider.templates.some((t) => t.id === command.data.templateId)) {
          throw new NotFoundError(MESSAGES.templateNotFound);
        }
        return [
          { type: 'ScheduleTemplateDeleted', data: { ...command.data, providerId: provider.providerId, at } },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
