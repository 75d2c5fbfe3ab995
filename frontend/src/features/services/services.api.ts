import {
  CATALOGUE_PATHS,
  type DeletedServiceResponse,
  type Provider,
  type Service,
  type ServiceFields,
  type ServiceResponse,
} from '@appointment/contracts/catalogue';
import { api } from '../../lib/api-client';

/** docs/product.md §7.4 POST /providerservice/addservice; isPaymentNeeded is the server's to compute. */
export const addService = async (data: ServiceFields): Promise<Service> =>
  (await api.post<ServiceResponse>(CATALOGUE_PATHS.addService, data)).service;

/** docs/product.md §7.4 POST /providerservice/editservice with id and data. */
export const editService = async (id: string, data: ServiceFields): Promise<Service> =>
  (await api.post<ServiceResponse>(CATALOGUE_PATHS.editService, { id, data })).service;

/** docs/product.md §7.4 POST /providerservice/deleteservice with id. */
export const deleteService = async (id: string): Promise<Service> =>
  (await api.post<DeletedServiceResponse>(CATALOGUE_PATHS.deleteService, { id })).deletedService;

/** The admin chooses the currency of all of their provider's prices. */
export const saveProviderCurrency = async (currency: string): Promise<string> =>
  (await api.post<{ provider: Provider }>(CATALOGUE_PATHS.providerCurrency, { currency })).provider.currency;
