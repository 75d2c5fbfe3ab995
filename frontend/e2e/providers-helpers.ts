import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './api-sign-in';

// Literal paths: Playwright cannot import the contracts package's values (see api-sign-in.ts).
// The values are those of CATALOGUE_PATHS in contracts/src/catalogue.ts.
export const PROVIDER_PATHS = {
  addProvider: '/api/providers/addprovider',
  getProviders: '/api/providers/getprovider',
  providerById: '/api/providers/getserviceproviderid',
} as const;

/** A 1×1 PNG: the smallest real image the server accepts as a provider picture. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A name nobody else uses, so parallel tests never find each other's providers. */
export const uniqueName = (prefix: string): string =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface CreatedProvider {
  id: string;
  name: string;
  email: string;
}

export interface ProviderServiceInput {
  name: string;
  duration: number;
  price: number;
  automaticBooking: boolean;
}

/**
 * Adds an active provider through the API, as Add Provider does (multipart form data); the
 * request must be signed in as superadmin (e.g. `page.request` after `signIn(page, DEMO.superadmin)`).
 */
export const addProviderByApi = async (
  request: APIRequestContext,
  options: {
    name?: string;
    industry?: string;
    services?: ProviderServiceInput[];
    specialties?: string[];
    description?: string;
  } = {},
): Promise<CreatedProvider> => {
  const name = options.name ?? uniqueName('Api Provider');
  const email = uniqueEmail('api-provider');
  const response = await request.post(PROVIDER_PATHS.addProvider, {
    multipart: {
      name,
      email,
      phone: '3125550199',
      industry: options.industry ?? 'Fitness',
      address: '400 Michigan Avenue, Chicago, IL 60611',
      description: options.description ?? 'Created by a browser test.',
      services: JSON.stringify(
        options.services ?? [{ name: 'Personal Training', duration: 60, price: 40, automaticBooking: false }],
      ),
      specialties: JSON.stringify(options.specialties ?? []),
    },
  });
  expect(response.status(), `adding provider ${name}`).toBe(201);
  const body = (await response.json()) as { provider: { id: string } };
  return { id: body.provider.id, name, email };
};
