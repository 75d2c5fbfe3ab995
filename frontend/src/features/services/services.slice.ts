import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Service } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiErrorOf } from '../../lib/api';
import type { ApiError } from '../../lib/api-client';
import { servicesApi } from './services.api';

/** Messages under the form's fields, by field name (client checks and the server's 400 errors[]). */
export type ServiceFieldErrors = Partial<Record<string, string>>;

/** Which form is open: none, a new service, or an existing one by id. */
export type ServiceFormTarget = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; id: string };

export interface ServicesState {
  form: ServiceFormTarget;
  saving: boolean;
  /** The server's reason (or the generic failure) when a save was refused, shown in the form. */
  saveError: string | null;
  /** Field messages the server answered with (400 errors[]). */
  serverFieldErrors: ServiceFieldErrors;
  /** The service waiting for the delete confirmation, if any. */
  deleteTargetId: string | null;
  deleting: boolean;
  deleteError: string | null;
  currencySaving: boolean;
  currencyError: string | null;
}

export const initialServicesState: ServicesState = {
  form: { mode: 'closed' },
  saving: false,
  saveError: null,
  serverFieldErrors: {},
  deleteTargetId: null,
  deleting: false,
  deleteError: null,
  currencySaving: false,
  currencyError: null,
};

const servicesSlice = createSlice({
  name: 'services',
  initialState: initialServicesState,
  reducers: {
    addServiceClicked(state) {
      state.form = { mode: 'add' };
      state.saveError = null;
      state.serverFieldErrors = {};
    },
    editServiceClicked(state, action: PayloadAction<string>) {
      state.form = { mode: 'edit', id: action.payload };
      state.saveError = null;
      state.serverFieldErrors = {};
    },
    serviceFormClosed(state) {
      if (state.saving) return;
      state.form = { mode: 'closed' };
      state.saveError = null;
      state.serverFieldErrors = {};
    },
    /** The user changed a field: the server's message about it no longer applies. */
    serviceFieldEdited(state, action: PayloadAction<string>) {
      delete state.serverFieldErrors[action.payload];
    },
    deleteServiceClicked(state, action: PayloadAction<string>) {
      state.deleteTargetId = action.payload;
      state.deleteError = null;
    },
    deleteServiceCancelled(state) {
      if (state.deleting) return;
      state.deleteTargetId = null;
      state.deleteError = null;
    },
  },
  extraReducers: (builder) => {
    const { saveService, deleteService, saveCurrency } = servicesApi.endpoints;
    builder
      .addMatcher(saveService.matchPending, (state) => {
        state.saving = true;
        state.saveError = null;
        state.serverFieldErrors = {};
      })
      // Saved (added or edited): the form closes; the list's answer is patched by the endpoint.
      .addMatcher(saveService.matchFulfilled, (state) => {
        state.saving = false;
        state.form = { mode: 'closed' };
      })
      .addMatcher(saveService.matchRejected, (state, action) => {
        const failure = failureOf(action);
        const fieldErrors = fieldErrorsOf(failure);
        state.saving = false;
        state.saveError = formMessageOf(failure, fieldErrors);
        state.serverFieldErrors = fieldErrors;
      })
      .addMatcher(deleteService.matchPending, (state) => {
        state.deleting = true;
        state.deleteError = null;
      })
      .addMatcher(deleteService.matchFulfilled, (state) => {
        state.deleting = false;
        state.deleteTargetId = null;
      })
      .addMatcher(deleteService.matchRejected, (state, action) => {
        state.deleting = false;
        state.deleteError = reasonOf(failureOf(action), MESSAGES.serviceDeleteFailed);
      })
      .addMatcher(saveCurrency.matchPending, (state) => {
        state.currencySaving = true;
        state.currencyError = null;
      })
      // Every service of the provider is priced in the new currency at once (the endpoint patches the answers).
      .addMatcher(saveCurrency.matchFulfilled, (state) => {
        state.currencySaving = false;
      })
      .addMatcher(saveCurrency.matchRejected, (state, action) => {
        state.currencySaving = false;
        state.currencyError = reasonOf(failureOf(action), MESSAGES.currencySaveFailed);
      });
  },
});

/** The server's refusal as the API client would have thrown it; null when no answer was read. */
const failureOf = (rejected: { payload?: unknown; error?: unknown }): ApiError | null =>
  rejected.payload === undefined ? null : apiErrorOf(rejected);

/** A refusal the server explained (4xx) keeps its reason; a network or server failure gets ours. */
const reasonOf = (failure: ApiError | null, fallback: string): string =>
  failure && failure.status >= 400 && failure.status < 500 ? failure.message : fallback;

/**
 * The server's 400 errors[] by form field. The edit call nests the form under `data`, so its
 * fields may come back as `data.name`; the form shows the first message of each field.
 */
const fieldErrorsOf = (failure: ApiError | null): ServiceFieldErrors => {
  const fieldErrors: ServiceFieldErrors = {};
  if (failure?.status !== 400) return fieldErrors;
  for (const { field, message } of failure.body.errors ?? []) {
    const name = field.replace(/^data\./, '').split('.')[0];
    if (name && !(name in fieldErrors)) fieldErrors[name] = message;
  }
  return fieldErrors;
};

/** The fields the form shows a message under. */
const FORM_FIELDS: readonly string[] = ['name', 'description', 'duration', 'price'];

/**
 * The form-level message: none when every reason already sits under its field, else the
 * server's reason (or ours).
 */
const formMessageOf = (failure: ApiError | null, fieldErrors: ServiceFieldErrors): string | null => {
  const fields = Object.keys(fieldErrors);
  if (fields.length > 0 && fields.every((field) => FORM_FIELDS.includes(field))) return null;
  return reasonOf(failure, MESSAGES.serviceSaveFailed);
};

export const {
  addServiceClicked,
  editServiceClicked,
  serviceFormClosed,
  serviceFieldEdited,
  deleteServiceClicked,
  deleteServiceCancelled,
} = servicesSlice.actions;
export { servicesSlice };
export const servicesReducer = servicesSlice.reducer;

export interface WithServices {
  services: ServicesState;
}

export const selectServiceForm = (state: WithServices): ServiceFormTarget => state.services.form;

/** The open form's save: under way, refused (its reason) and the server's field messages. */
export const selectServiceSave = createSelector(
  [
    (state: WithServices) => state.services.saving,
    (state: WithServices) => state.services.saveError,
    (state: WithServices) => state.services.serverFieldErrors,
  ],
  (saving, saveError, serverFieldErrors) => ({ saving, saveError, serverFieldErrors }),
);

export const selectServiceDelete = createSelector(
  [
    (state: WithServices) => state.services.deleteTargetId,
    (state: WithServices) => state.services.deleting,
    (state: WithServices) => state.services.deleteError,
  ],
  (deleteTargetId, deleting, deleteError) => ({ deleteTargetId, deleting, deleteError }),
);

export const selectCurrencySave = createSelector(
  [
    (state: WithServices) => state.services.currencySaving,
    (state: WithServices) => state.services.currencyError,
  ],
  (currencySaving, currencyError) => ({ currencySaving, currencyError }),
);

/** The service the open form edits, or null for a new one (or when it is gone). */
export const editedServiceOf = (items: readonly Service[], form: ServiceFormTarget): Service | null =>
  form.mode === 'edit' ? (items.find((service) => service._id === form.id) ?? null) : null;

/** The service waiting for the delete confirmation, or null. */
export const deleteTargetOf = (items: readonly Service[], id: string | null): Service | null =>
  id === null ? null : (items.find((service) => service._id === id) ?? null);

/** The provider's currency, or that of its services while the provider's answer is awaited. */
export const currencyOf = (
  currency: string | undefined,
  items: readonly Service[] | undefined,
): string | null => currency ?? items?.[0]?.currency ?? null;
