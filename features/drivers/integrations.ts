import assert from 'node:assert/strict';
import {
  API_KEY_PATHS,
  type ApiKey,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '@appointment/contracts/api-keys';
import { APPOINTMENT_PATHS, type AppointmentListRequest } from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS, type ServiceInput } from '@appointment/contracts/catalogue';
import type { z } from 'zod';
import { ok } from '../support/assertions';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';

/*
 * API keys as an admin manages them on /integrations/api-keys, and as the provider's
 * other systems call the API with them: `Authorization: Bearer apt_…`, no cookie.
 */

export const generateApiKey = async (
  world: PlatformWorld,
  person: Person,
  body: CreateApiKeyRequest,
): Promise<CreateApiKeyResponse> => {
  const response = await world.request(person, 'POST', API_KEY_PATHS.apiKeys, { body });
  const created = ok(response, 201, `${person.name} cannot generate an API key`) as CreateApiKeyResponse;
  world.apiKeys.set(body.name, created);
  return created;
};

export const generatedKey = (world: PlatformWorld, name: string): CreateApiKeyResponse => {
  const created = world.apiKeys.get(name);
  assert.ok(created, `no API key "${name}" was generated in this scenario`);
  return created;
};

export const apiKeysOf = async (world: PlatformWorld, person: Person): Promise<ApiKey[]> =>
  (
    ok(
      await world.request(person, 'GET', API_KEY_PATHS.apiKeys),
      200,
      `${person.name} cannot list the API keys`,
    ) as ApiKeyListResponse
  ).apiKeys;

export const revokeApiKey = (world: PlatformWorld, person: Person, key: ApiKey) =>
  world.request(person, 'DELETE', API_KEY_PATHS.apiKey.replace(':id', key.id));

/** A call from outside the browser, carrying only the key. */
const withKey = (world: PlatformWorld, key: string, method: string, path: string, body?: unknown) =>
  world.request(undefined, method, path, { body, headers: { authorization: `Bearer ${key}` } });

export const listServicesWithKey = (world: PlatformWorld, key: string): Promise<ApiResponse> =>
  withKey(world, key, 'POST', CATALOGUE_PATHS.getServices);

export const addServiceWithKey = (
  world: PlatformWorld,
  key: string,
  service: ServiceInput,
): Promise<ApiResponse> => withKey(world, key, 'POST', CATALOGUE_PATHS.addService, service);

export const listAppointmentsWithKey = (world: PlatformWorld, key: string): Promise<ApiResponse> => {
  const body: z.input<typeof AppointmentListRequest> = { filters: {} };
  return withKey(world, key, 'POST', APPOINTMENT_PATHS.list, body);
};
