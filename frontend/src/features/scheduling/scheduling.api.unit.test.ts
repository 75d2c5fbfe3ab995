import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { SCHEDULE_PATHS, type ScheduleTemplate } from '@appointment/contracts/schedule';
import { api } from '../../lib/api';
import { selectToast, toastReducer } from '../../lib/toast.slice';
import { startApiPeer, type ApiPeer } from '../../testing/api-peer';
import { schedulingApi } from './scheduling.api';
import {
  selectTemplateDeleting,
  selectTemplates,
  selectTimeSlotForm,
  schedulingReducer,
  templateDeleteAsked,
  timeSlotFormOpened,
} from './scheduling.slice';

/**
 * Schedule Management's writes are RTK Query mutations; the forms' state follows them and the
 * templates as read change in place. Against a real HTTP peer on loopback.
 */
const weekdays = { id: 't1', name: 'Weekdays' } as ScheduleTemplate;
const weekend = { id: 't2', name: 'Weekend' } as ScheduleTemplate;

let peer: ApiPeer;

beforeEach(async () => {
  peer = await startApiPeer();
  peer.answer(SCHEDULE_PATHS.templates, { body: { templates: [weekdays, weekend] } });
});

afterEach(async () => {
  await peer.close();
  vi.restoreAllMocks();
});

const start = async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const store = configureStore({
    reducer: combineReducers({
      scheduling: schedulingReducer,
      toast: toastReducer,
      [api.reducerPath]: api.reducer,
    }),
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  await store.dispatch(schedulingApi.endpoints.templates.initiate());
  return store;
};
type Store = Awaited<ReturnType<typeof start>>;

const templatesOf = (store: Store) => schedulingApi.endpoints.templates.select()(store.getState()).data;

describe("Schedule Management's writes", () => {
  it('a confirmed delete closes the question, keeps the row busy until answered, then drops it', async () => {
    peer.answer(SCHEDULE_PATHS.deleteTemplate, { body: { message: 'Deleted' } });
    const store = await start();
    store.dispatch(templateDeleteAsked(weekend));

    const deleting = store.dispatch(schedulingApi.endpoints.deleteTemplate.initiate('t2'));
    expect(selectTemplateDeleting(store.getState())).toBeNull();
    expect(selectTemplates(store.getState()).busyIds).toEqual(['t2']);
    await deleting;

    expect(selectTemplates(store.getState())).toEqual({ busyIds: [], actionError: null });
    expect(templatesOf(store)).toEqual([weekdays]);
    expect(selectToast(store.getState())?.message).toBe(MESSAGES.templateDeleted);
    expect(JSON.parse(peer.to(SCHEDULE_PATHS.deleteTemplate)[0]!.body)).toEqual({ id: 't2' });
  });

  it('a refused delete keeps the template and says why', async () => {
    peer.answer(SCHEDULE_PATHS.deleteTemplate, { status: 404, body: { message: 'Template not found' } });
    const store = await start();

    await store.dispatch(schedulingApi.endpoints.deleteTemplate.initiate('t2'));

    expect(selectTemplates(store.getState())).toEqual({ busyIds: [], actionError: 'Template not found' });
    expect(templatesOf(store)).toEqual([weekdays, weekend]);
  });

  it('a time slot is sent once per form content, and a refusal keeps the form open with its field messages', async () => {
    peer.answer(SCHEDULE_PATHS.addTimeSlot, {
      status: 400,
      body: { message: 'Invalid time slot', errors: [{ field: 'date', message: 'Date is in the past' }] },
    });
    const store = await start();
    store.dispatch(timeSlotFormOpened());
    const form = { date: '2030-01-07' } as never;

    await store.dispatch(schedulingApi.endpoints.addTimeSlot.initiate(form));
    await store.dispatch(schedulingApi.endpoints.addTimeSlot.initiate(form));

    expect(selectTimeSlotForm(store.getState())).toEqual({
      open: true,
      saving: false,
      error: 'Invalid time slot',
      fieldErrors: { date: 'Date is in the past' },
      affected: [],
    });
    const [first, second] = peer.to(SCHEDULE_PATHS.addTimeSlot);
    expect(first!.headers['idempotency-key']).toBeTruthy();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });
});
