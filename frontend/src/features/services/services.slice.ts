import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Service, ServiceFields } from '@appointment/contracts/catalogue';

/** Messages under the form's fields, by field name (client checks and the server's 400 errors[]). */
export type ServiceFieldErrors = Partial<Record<string, string>>;

/** Which form is open: none, a new service, or an existing one by id. */
export type ServiceFormTarget = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; id: string };

export interface ServicesState {
  items: Service[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  loadError: string | null;
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
  /** Issue 18: the provider's currency, which every price here is in; null until known. */
  currency: string | null;
  currencySaving: boolean;
  currencyError: string | null;
}

export const initialServicesState: ServicesState = {
  items: [],
  status: 'idle',
  loadError: null,
  form: { mode: 'closed' },
  saving: false,
  saveError: null,
  serverFieldErrors: {},
  deleteTargetId: null,
  deleting: false,
  deleteError: null,
  currency: null,
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
    servicesPageOpened(state) {
      state.status = 'loading';
      state.loadError = null;
    },
    servicesLoaded(state, action: PayloadAction<Service[]>) {
      state.items = action.payload;
      state.status = 'loaded';
    },
    servicesLoadFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.status = 'failed';
      state.loadError = action.payload;
    },
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
    serviceAdded(state, action: PayloadAction<Service>) {
      state.saving = false;
      state.form = { mode: 'closed' };
      state.items.push(action.payload);
    },
    serviceUpdated(state, action: PayloadAction<Service>) {
      state.saving = false;
      state.form = { mode: 'closed' };
      const index = state.items.findIndex((service) => service._id === action.payload._id);
      if (index >= 0) state.items[index] = action.payload;
      else state.items.push(action.payload);
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
    serviceDeleted(state, action: PayloadAction<string>) {
      state.deleting = false;
      state.deleteTargetId = null;
      state.items = state.items.filter((service) => service._id !== action.payload);
    },
    serviceDeleteFailed(state, action: PayloadAction<string>) {
      state.deleting = false;
      state.deleteError = action.payload;
    },
    providerCurrencyLoaded(state, action: PayloadAction<string>) {
      state.currency = action.payload;
    },
    currencySubmitted(state, _action: PayloadAction<string>) {
      state.currencySaving = true;
      state.currencyError = null;
    },
    /** Every service of the provider is priced in the new currency at once. */
    currencySaved(state, action: PayloadAction<string>) {
      state.currencySaving = false;
      state.currency = action.payload;
      for (const service of state.items) service.currency = action.payload;
    },
    currencySaveFailed(state, action: PayloadAction<string>) {
      state.currencySaving = false;
      state.currencyError = action.payload;
    },
  },
});

export const {
  servicesPageOpened,
  servicesLoaded,
  servicesLoadFailed,
  addServiceClicked,
  editServiceClicked,
  serviceFormClosed,
  serviceFieldEdited,
  serviceSubmitted,
  serviceAdded,
  serviceUpdated,
  serviceSaveFailed,
  deleteServiceClicked,
  deleteServiceCancelled,
  deleteServiceConfirmed,
  serviceDeleted,
  serviceDeleteFailed,
  providerCurrencyLoaded,
  currencySubmitted,
  currencySaved,
  currencySaveFailed,
} = servicesSlice.actions;
export { servicesSlice };
export const servicesReducer = servicesSlice.reducer;

export interface WithServices {
  services: ServicesState;
}

export const selectServices = (state: WithServices): ServicesState => state.services;

/** The service the open form edits, or null for a new one (or when it is gone). */
/** The provider's currency, or that of its services while the provider's answer is awaited. */
export const selectServicesCurrency = (state: WithServices): string | null =>
  state.services.currency ?? state.services.items[0]?.currency ?? null;

export const selectEditedService = (state: WithServices): Service | null => {
  const { form, items } = state.services;
  return form.mode === 'edit' ? (items.find((service) => service._id === form.id) ?? null) : null;
};

export const selectDeleteTarget = (state: WithServices): Service | null => {
  const { deleteTargetId, items } = state.services;
  return deleteTargetId === null ? null : (items.find((service) => service._id === deleteTargetId) ?? null);
};
