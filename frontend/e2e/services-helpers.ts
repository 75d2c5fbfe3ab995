import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ServiceInput } from '@appointment/contracts/catalogue';
import { API_PATHS, DEMO, DEMO_PASSWORD, uniqueEmail } from './api-sign-in';

// Literal paths (e2e files can import only types from contracts): those of CATALOGUE_PATHS.
export const SERVICE_PATHS = {
  add: '/api/providerservice/addservice',
  edit: '/api/providerservice/editservice',
  delete: '/api/providerservice/deleteservice',
} as const;
const APPROVE_PROVIDER = '/api/providers/approveprovider';

export interface ActiveProvider {
  businessName: string;
  email: string;
}

/**
 * A provider of its own for a test that changes provider data (tests run in parallel against
 * one server): registered, then approved by the superadmin, so its admin can sign in. `request`
 * must not be the page's own context: it ends up signed in as the superadmin.
 */
export const createActiveProvider = async (
  request: APIRequestContext,
  businessName: string,
): Promise<ActiveProvider> => {
  const provider = { businessName, email: uniqueEmail('services') };
  const registered = await request.post(API_PATHS.registerProvider, {
    data: {
      ...provider,
      industry: 'Fitness',
      phone: '3125550199',
      address: '233 South Wacker Drive, Chicago, IL 60606',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  });
  expect(registered.status(), `registering ${provider.email}`).toBe(201);

  const login = await request.post(API_PATHS.login, {
    data: { email: DEMO.superadmin, password: DEMO_PASSWORD },
  });
  expect(login.ok(), 'sign-in as the superadmin').toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };

  const pending = await request.get(API_PATHS.pendingProviders, { headers });
  expect(pending.ok(), 'listing the providers waiting for approval').toBeTruthy();
  const { users } = (await pending.json()) as { users: { _id: string; email: string }[] };
  const user = users.find((candidate) => candidate.email === provider.email);
  if (!user) throw new Error(`${provider.email} is not waiting for approval`);

  const approved = await request.post(APPROVE_PROVIDER, { data: { id: user._id }, headers });
  expect(approved.ok(), `approving ${provider.email}`).toBeTruthy();
  return provider;
};

/** Adds a service as the admin signed in on `page` (its request context shares the session). */
export const addServiceByApi = async (page: Page, service: ServiceInput): Promise<void> => {
  const response = await page.request.post(SERVICE_PATHS.add, { data: service });
  expect(response.status(), `adding the service ${service.name}`).toBe(201);
};
