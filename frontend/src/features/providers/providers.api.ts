import {
  CATALOGUE_PATHS,
  type Provider,
  type ProviderCreatedResponse,
  type ProviderFormFields,
  type Service,
} from '@appointment/contracts/catalogue';
import { api } from '../../lib/api-client';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const providersOf = (body: unknown): Provider[] => {
  if (!isObject(body) || !Array.isArray(body.providers)) throw new Error('Unexpected providers response');
  return body.providers as Provider[];
};

/** docs/product.md §7.5 GET /providers/getprovider: every provider, whatever its status (superadmin, support). */
export const fetchAllProviders = async (): Promise<Provider[]> =>
  providersOf(await api.get<unknown>(CATALOGUE_PATHS.getProviders));

/**
 * docs/product.md §7.5 POST /providers/addprovider as multipart form data: the lists travel as JSON text
 * and the picture, when there is one, as the file `image`.
 */
export const addProvider = async (fields: ProviderFormFields, image: File | undefined): Promise<Provider> => {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('email', fields.email);
  form.append('phone', fields.phone);
  form.append('industry', fields.industry);
  form.append('address', fields.address);
  form.append('description', fields.description);
  form.append('workingHours', JSON.stringify(fields.workingHours));
  form.append('breaks', JSON.stringify(fields.breaks));
  form.append('services', JSON.stringify(fields.services));
  form.append('specialties', JSON.stringify(fields.specialties));
  if (fields.currency) form.append('currency', fields.currency);
  if (image) form.append('image', image);
  const body = await api.post<ProviderCreatedResponse | undefined>(CATALOGUE_PATHS.addProvider, form);
  if (!isObject(body) || !isObject(body.provider)) throw new Error('Unexpected add provider response');
  return body.provider;
};

export interface ProviderDetails {
  provider: Provider;
  services: Service[];
}

/** docs/product.md §7.5 POST /providers/getserviceproviderid: one provider and its services. */
export const fetchProviderDetails = async (id: string): Promise<ProviderDetails> => {
  const body = await api.post<unknown>(CATALOGUE_PATHS.providerById, { id });
  if (!isObject(body) || !isObject(body.provider)) throw new Error('Unexpected provider response');
  const provider = body.provider as unknown as Provider;
  const services = Array.isArray(body.services) ? (body.services as Service[]) : (provider.services ?? []);
  return { provider, services };
};
