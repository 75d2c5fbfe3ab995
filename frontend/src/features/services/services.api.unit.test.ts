import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { CATALOGUE_PATHS, type Service } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import { providerServicesApi } from '../../lib/provider-services.api';
import { selectToast, toastReducer } from '../../lib/toast.slice';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { servicesApi } from './services.api';
import {
  deleteServiceClicked,
  editServiceClicked,
  selectServiceDelete,
  selectServiceForm,
  selectServiceSave,
  servicesReducer,
} from './services.slice';

/**
 * The Services screen's writes are RTK Query mutations; the form's and the dialog's state follow
 * them. Against a real HTTP peer on loopback.
 */
const consultation = { _id: 'sv1', name: 'Consultation', currency: 'INR' } as Service;
const edited = { ...consultation, name: 'Long consultation' } as Service;
const fields = { name: 'Long consultation', description: 'A long visit.', duration: 60, price: 0 } as never;

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(CATALOGUE_PATHS.getServices, { body: [consultation] });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const store = configureStore({
    reducer: combineReducers({
      services: servicesReducer,
      toast: toastReducer,
      [api.reducerPath]: api.reducer,
    }),
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  await store.dispatch(providerServicesApi.endpoints.ownServices.initiate());
  return store;
};
type Store = Awaited<ReturnType<typeof start>>;

const servicesOf = (store: Store) =>
  providerServicesApi.endpoints.ownServices.select()(store.getState()).data;

describe('the Services screen’s writes', () => {
  it('an edit waits, closes the form, changes the list in place and says so', async () => {
    peer.answer(CATALOGUE_PATHS.editService, { body: { service: edited } });
    const store = await start();
    store.dispatch(editServiceClicked('sv1'));

    const saving = store.dispatch(servicesApi.endpoints.saveService.initiate({ id: 'sv1', data: fields }));
    expect(selectServiceSave(store.getState()).saving).toBe(true);
    await saving;

    expect(selectServiceForm(store.getState())).toEqual({ mode: 'closed' });
    expect(selectServiceSave(store.getState()).saving).toBe(false);
    expect(servicesOf(store)).toEqual([edited]);
    expect(selectToast(store.getState())?.message).toBe(MESSAGES.serviceUpdated);
    expect(JSON.parse(peer.to(CATALOGUE_PATHS.editService)[0]!.body)).toEqual({ id: 'sv1', data: fields });
  });

  it('a refused save keeps the form open with its field messages (the edit nests them under data)', async () => {
    peer.answer(CATALOGUE_PATHS.editService, {
      status: 400,
      body: { message: 'Invalid', errors: [{ field: 'data.name', message: 'Name is required' }] },
    });
    const store = await start();
    store.dispatch(editServiceClicked('sv1'));

    await store.dispatch(servicesApi.endpoints.saveService.initiate({ id: 'sv1', data: fields }));

    expect(selectServiceForm(store.getState())).toEqual({ mode: 'edit', id: 'sv1' });
    expect(selectServiceSave(store.getState())).toEqual({
      saving: false,
      saveError: null,
      serverFieldErrors: { name: 'Name is required' },
    });
    expect(servicesOf(store)).toEqual([consultation]);
  });

  it('a failed delete keeps the dialog with our reason when the server gave none it could explain', async () => {
    peer.answer(CATALOGUE_PATHS.deleteService, { status: 500, body: { message: 'Boom' } });
    const store = await start();
    store.dispatch(deleteServiceClicked('sv1'));

    await store.dispatch(servicesApi.endpoints.deleteService.initiate('sv1'));

    expect(selectServiceDelete(store.getState())).toEqual({
      deleteTargetId: 'sv1',
      deleting: false,
      deleteError: MESSAGES.serviceDeleteFailed,
    });
    expect(servicesOf(store)).toEqual([consultation]);
  });
});
