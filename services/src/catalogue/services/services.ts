import { randomUUID } from 'node:crypto';
import { isPaymentNeededFor, type Service, type ServiceFields } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { serviceById, servicesOf } from '@appointment/projections/catalogue.queries';
import type { Actor } from '../../accounts/accounts-context';
import { loadState } from '../../domain/command-handler';
import { NotFoundError } from '../../domain/errors';
import { providerDecider, providerStream, type ProviderService } from '../providers/provider.decider';
import { onProvider, ownProvider, type CatalogueContext } from '../catalogue-context';

/** A service as the provider's stream holds it. */
export const providerService = (serviceId: string, fields: ServiceFields): ProviderService => ({
  serviceId,
  name: fields.name,
  ...(fields.description ? { description: fields.description } : {}),
  duration: fields.duration,
  price: fields.price,
  automaticBooking: fields.automaticBooking,
  ...(fields.allowRecurring ? { allowRecurring: true } : {}),
  isPaymentNeeded: isPaymentNeededFor(fields.price),
});

export const services = (context: CatalogueContext, providerId: string): Promise<Service[]> =>
  servicesOf(context.deps.pool, providerId);

const service = async (context: CatalogueContext, serviceId: string): Promise<Service> => {
  const found = await serviceById(context.deps.pool, serviceId);
  if (!found) throw new NotFoundError(MESSAGES.serviceNotFound);
  return found;
};

export const addService = async (
  context: CatalogueContext,
  actor: Actor,
  fields: ServiceFields,
): Promise<Service> => {
  const serviceId = randomUUID();
  await onProvider(context, actor, ownProvider(actor), {
    type: 'AddService',
    data: providerService(serviceId, fields),
  });
  return service(context, serviceId);
};

export const editService = async (
  context: CatalogueContext,
  actor: Actor,
  serviceId: string,
  fields: ServiceFields,
): Promise<Service> => {
  await onProvider(context, actor, ownProvider(actor), {
    type: 'EditService',
    data: providerService(serviceId, fields),
  });
  return service(context, serviceId);
};

export const deleteService = async (
  context: CatalogueContext,
  actor: Actor,
  serviceId: string,
): Promise<Service> => {
  const providerId = ownProvider(actor);
  const state = await loadState(context.deps.store, providerStream(providerId), providerDecider);
  const current = state.status === 'none' ? undefined : state.services.find((s) => s.serviceId === serviceId);
  if (state.status === 'none' || !current) throw new NotFoundError(MESSAGES.serviceNotFound);
  await onProvider(context, actor, providerId, { type: 'DeleteService', data: { serviceId } });
  return {
    _id: serviceId,
    providerId,
    name: current.name,
    ...(current.description ? { description: current.description } : {}),
    duration: current.duration,
    price: current.price,
    currency: state.currency,
    isPaymentNeeded: current.isPaymentNeeded,
    automaticBooking: current.automaticBooking,
    allowRecurring: current.allowRecurring ?? false,
  };
};
