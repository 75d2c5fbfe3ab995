import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Service, ServiceFields } from '@appointment/contracts/catalogue';

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

export interface ServiceSubmission {
  /** Absent for a new service. */
  id?: string;
  data: ServiceFields;
}

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
    serviceSubmitted(state, _action: PayloadAction<ServiceSubmission>) {
      state.saving = true;
      state.saveError = null;
      state.serverFieldErrors = {};
    },
    /** Saved (added or edited): the list's answer is patched by the saga. */
    serviceSaved(state, _action: PayloadAction<Service>) {
      state.saving = false;
      state.form = { mode: 'closed' };
    },
    serviceSaveFailed(
      state,
      action: PayloadAction<{ message: string | null; fieldErrors: ServiceFieldErrors }>,
    ) {
      state.saving = false;
      state.saveError = action.payload.message;
      state.serverFieldErrors = action.payload.fieldErrors;
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
    deleteServiceConfirmed(state, _action: PayloadAction<string>) {
      state.deleting = true;
      state.deleteError = null;
    },
    serviceDeleted(state, _action: PayloadAction<string>) {
      state.deleting = false;
      state.deleteTargetId = null;
    },
    serviceDeleteFailed(state, action: PayloadAction<string>) {
      state.deleting = false;
      state.deleteError = action.payload;
    },
    currencySubmitted(state, _action: PayloadAction<string>) {
      state.currencySaving = true;
      state.currencyError = null;
    },
    /** Every service of the provider is priced in the new currency at once (the saga patches the answers). */
    currencySaved(state, _action: PayloadAction<string>) {
      state.currencySaving = false;
    },
    currencySaveFailed(state, action: PayloadAction<string>) {
      state.currencySaving = false;
      state.currencyError = action.payload;
    },
  },
});

export const {
  addServiceClicked,
  editServiceClicked,
  serviceFormClosed,
  serviceFieldEdited,
  serviceSubmitted,
  serviceSaved,
  serviceSaveFailed,
  deleteServiceClicked,
  deleteServiceCancelled,
  deleteServiceConfirmed,
  serviceDeleted,
  serviceDeleteFailed,
  currencySubmitted,
  currencySaved,
  currencySaveFailed,
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
