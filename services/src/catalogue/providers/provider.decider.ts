import { BookingPolicy } from '@appointment/contracts/policy';
import { MESSAGES } from '@appointment/contracts/messages';
import { isSupportedCurrency } from '@appointment/contracts/money';
import type { Break, ScheduleTemplate, WorkingHours } from '@appointment/contracts/schedule';
import type { ProviderEvent, ServiceEventData } from '@appointment/contracts/events/provider';
import type { Command, Decider } from '../../domain/command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';
import {
  evolve,
  type ActiveProvider,
  type Provider,
  type ProviderBody,
  type ProviderService,
} from './provider.state';

export { evolve };
export type { ActiveProvider, Provider, ProviderService };

export const providerStream = (providerId: string) => `provider-${providerId}`;

/** A provider as it registers. `ProviderRegistered` records its `name` as `businessName` (the log's name). */
export interface ProviderDetails {
  providerId: string;
  adminId: string;
  name: string;
  industry: string;
  email: string;
  phone: string;
  address: string;
  /** ISO 4217; the address's country's currency unless chosen. */
  currency: string;
}

/** A provider a superadmin adds directly (docs/product.md §2.8 Add Provider): active at once, no admin yet. */
export interface CreatedProviderDetails {
  providerId: string;
  /** The provider's name; `ProviderCreated` records it as `businessName`. */
  name: string;
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
  | (Command & { type: 'SetBookingPolicy'; data: { policy: BookingPolicy } })
  | (Command & { type: 'SaveTemplate'; data: { template: ScheduleTemplate } })
  | (Command & { type: 'DeleteTemplate'; data: { templateId: string } });

export type { ProviderEvent, ServiceEventData };

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

type Of<C extends ProviderCommand['type']> = Extract<ProviderCommand, { type: C }>;

/** docs/product.md §2.1: a business registers pending; registering again (a retry) records nothing. */
export const registerProvider = (command: Of<'RegisterProvider'>, state: Provider): ProviderEvent[] => {
  if (state.status !== 'none') return [];
  const { name, ...details } = command.data;
  return [{ type: 'ProviderRegistered', data: { ...details, businessName: name, at: command.metadata.now } }];
};

/** docs/product.md §2.8 Add Provider: the provider and each of its services in one append. */
export const createProvider = (command: Of<'CreateProvider'>, state: Provider): ProviderEvent[] => {
  if (state.status !== 'none') return [];
  const at = command.metadata.now;
  const { services, name, ...details } = command.data;
  const names = new Set<string>();
  for (const service of services) {
    const key = service.name.trim().toLowerCase();
    if (names.has(key)) throw new ConflictError(MESSAGES.serviceNameTaken);
    names.add(key);
  }
  return [
    { type: 'ProviderCreated', data: { ...details, businessName: name, at } },
    ...services.map((service): ProviderEvent => ({
      type: 'ServiceAdded',
      data: { ...service, providerId: details.providerId, at },
    })),
  ];
};

/** Approving an active provider again records nothing; only a pending one can be approved. */
export const approveProvider = (command: Of<'ApproveProvider'>, state: Provider): ProviderEvent[] => {
  if (state.status === 'active') return [];
  if (state.status !== 'pending') throw new IllegalStateError(MESSAGES.providerNotPending);
  return [{ type: 'ProviderApproved', data: { providerId: state.providerId, at: command.metadata.now } }];
};

export const rejectProvider = (command: Of<'RejectProvider'>, state: Provider): ProviderEvent[] => {
  if (state.status !== 'pending') throw new IllegalStateError(MESSAGES.providerNotPending);
  return [
    {
      type: 'ProviderRejected',
      data: {
        providerId: state.providerId,
        adminId: state.adminId ?? '',
        businessName: state.name,
        at: command.metadata.now,
      },
    },
  ];
};

/** Names are unique per provider, whatever the case; the same service id again (a retry) adds nothing. */
export const addService = (command: Of<'AddService'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  if (provider.services.some((s) => s.serviceId === command.data.serviceId)) return [];
  refuseDuplicateName(provider, command.data.name);
  return [
    {
      type: 'ServiceAdded',
      data: { ...command.data, providerId: provider.providerId, at: command.metadata.now },
    },
  ];
};

/** An edit remembers the name the service had: time slots name their services. */
export const editService = (command: Of<'EditService'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  const current = serviceOf(provider, command.data.serviceId);
  refuseDuplicateName(provider, command.data.name, current.serviceId);
  return [
    {
      type: 'ServiceEdited',
      data: {
        ...command.data,
        providerId: provider.providerId,
        previousName: current.name,
        at: command.metadata.now,
      },
    },
  ];
};

export const deleteService = (command: Of<'DeleteService'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  const current = serviceOf(provider, command.data.serviceId);
  return [
    {
      type: 'ServiceDeleted',
      data: {
        providerId: provider.providerId,
        serviceId: current.serviceId,
        name: current.name,
        at: command.metadata.now,
      },
    },
  ];
};

export const setAvailability = (command: Of<'SetAvailability'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  return [
    {
      type: 'AvailabilitySet',
      data: { ...command.data, providerId: provider.providerId, at: command.metadata.now },
    },
  ];
};

/** One supported currency per provider; asking for the one it has records nothing. */
export const setCurrency = (command: Of<'SetCurrency'>, state: Provider): ProviderEvent[] => {
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
      data: { providerId: provider.providerId, currency: command.data.currency, at: command.metadata.now },
    },
  ];
};

/**
 * The admin's booking policy from now on; the same policy again records nothing. The first save is
 * recorded even when it keeps the default: the admin has chosen it (issue 32, a new provider's first steps).
 */
export const setBookingPolicy = (command: Of<'SetBookingPolicy'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  const policy = BookingPolicy.parse(command.data.policy);
  const same = JSON.stringify(BookingPolicy.parse(provider.policy)) === JSON.stringify(policy);
  if (same && provider.policyChosen) return [];
  return [
    {
      type: 'BookingPolicySet',
      data: { providerId: provider.providerId, policy, at: command.metadata.now },
    },
  ];
};

export const saveTemplate = (command: Of<'SaveTemplate'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  return [
    {
      type: 'ScheduleTemplateSaved',
      data: { ...command.data, providerId: provider.providerId, at: command.metadata.now },
    },
  ];
};

export const deleteTemplate = (command: Of<'DeleteTemplate'>, state: Provider): ProviderEvent[] => {
  const provider = requireActive(state);
  if (!provider.templates.some((t) => t.id === command.data.templateId)) {
    throw new NotFoundError(MESSAGES.templateNotFound);
  }
  return [
    {
      type: 'ScheduleTemplateDeleted',
      data: { ...command.data, providerId: provider.providerId, at: command.metadata.now },
    },
  ];
};

export const decide = (command: ProviderCommand, state: Provider): ProviderEvent[] => {
  switch (command.type) {
    case 'RegisterProvider':
      return registerProvider(command, state);
    case 'CreateProvider':
      return createProvider(command, state);
    case 'ApproveProvider':
      return approveProvider(command, state);
    case 'RejectProvider':
      return rejectProvider(command, state);
    case 'AddService':
      return addService(command, state);
    case 'EditService':
      return editService(command, state);
    case 'DeleteService':
      return deleteService(command, state);
    case 'SetAvailability':
      return setAvailability(command, state);
    case 'SetCurrency':
      return setCurrency(command, state);
    case 'SetBookingPolicy':
      return setBookingPolicy(command, state);
    case 'SaveTemplate':
      return saveTemplate(command, state);
    case 'DeleteTemplate':
      return deleteTemplate(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

export const providerDecider: Decider<ProviderCommand, ProviderEvent, Provider> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
