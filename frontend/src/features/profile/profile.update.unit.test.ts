import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { API_PATHS, type Profile } from '@appointment/contracts/accounts';
import { api } from '../../lib/api';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { profileApi } from './profile.api';
import { profileReducer, selectProfileRevision, selectProfileSave } from './profile.slice';

/**
 * The profile is an RTK Query read; an update shows at once, is settled by the server's answer or
 * taken back with its reason. Against a real HTTP peer on loopback.
 */
const stored: Profile = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  phone: '9876543210',
  timezone: 'Asia/Kolkata',
  language: 'en',
  notificationPreferences: { email: true, sms: false, whatsapp: true },
};

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(API_PATHS.getProfile, { body: { data: stored } });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const store = configureStore({
    reducer: combineReducers({ profile: profileReducer, [api.reducerPath]: api.reducer }),
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  await store.dispatch(profileApi.endpoints.profile.initiate());
  return store;
};
type Store = Awaited<ReturnType<typeof start>>;

const profileOf = (store: Store) => profileApi.endpoints.profile.select()(store.getState()).data;

const changes = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  profileZone: 'Europe/Paris',
  language: 'en' as const,
  notificationPreferences: stored.notificationPreferences,
};

describe('a profile update', () => {
  it('shows at once, and the answer settles it and the form', async () => {
    peer.answer(API_PATHS.updateProfile, {
      body: { data: { ...stored, name: 'Asha Rao', timezone: 'Europe/Paris' } },
    });
    const store = await start();
    const revision = selectProfileRevision(store.getState());

    const saving = store.dispatch(profileApi.endpoints.updateProfile.initiate(changes));
    expect(profileOf(store)?.name).toBe('Asha Rao');
    expect(selectProfileSave(store.getState()).saving).toBe(true);
    await saving;

    expect(selectProfileSave(store.getState())).toEqual({ saving: false, saved: true, saveError: null });
    expect(profileOf(store)).toMatchObject({ name: 'Asha Rao', profileZone: 'Europe/Paris' });
    expect(selectProfileRevision(store.getState())).toBeGreaterThan(revision);
    expect(JSON.parse(peer.to(API_PATHS.updateProfile)[0]!.body)).toMatchObject({
      name: 'Asha Rao',
      timezone: 'Europe/Paris',
    });
  });

  it('refused, is taken back and says why', async () => {
    peer.answer(API_PATHS.updateProfile, { status: 409, body: { message: 'Email already in use' } });
    const store = await start();

    await store.dispatch(profileApi.endpoints.updateProfile.initiate(changes));

    expect(profileOf(store)).toMatchObject({ name: 'Asha', profileZone: 'Asia/Kolkata' });
    expect(selectProfileSave(store.getState())).toEqual({
      saving: false,
      saved: false,
      saveError: 'Email already in use',
    });
  });
});
