import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Provider, ProviderFormFields, Service } from '@appointment/contracts/catalogue';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface AddProviderFormState {
  open: boolean;
  saving: boolean;
  /** The message of a refused or failed save (docs/product.md §8 Add provider). */
  error: string | null;
  /** Messages the server gave per field, keyed by the field's path ("workingHours.0.endTime"). */
  fieldErrors: Record<string, string>;
}

export interface ProviderDetailState {
  id: string | null;
  provider: Provider | null;
  services: Service[];
  status: LoadStatus;
  error: string | null;
}

export interface ProvidersState {
  providers: Provider[];
  status: LoadStatus;
  error: string | null;
  /** The superadmin search (name or e-mail) and the industry filter; '' is All Industries. */
  search: string;
  industry: string;
  form: AddProviderFormState;
  detail: ProviderDetailState;
}

const closedForm: AddProviderFormState = { open: false, saving: false, error: null, fieldErrors: {} };

export const initialProvidersState: ProvidersState = {
  providers: [],
  status: 'idle',
  error: null,
  search: '',
  industry: '',
  form: closedForm,
  detail: { id: null, provider: null, services: [], status: 'idle', error: null },
};

export interface AddProviderFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

export const providersSlice = createSlice({
  name: 'providers',
  initialState: initialProvidersState,
  reducers: {
    providersPageOpened(state) {
      state.status = 'loading';
      state.error = null;
    },
    providersLoaded(state, action: PayloadAction<Provider[]>) {
      state.providers = action.payload;
      state.status = 'loaded';
    },
    providersLoadFailed(state, action: PayloadAction<string>) {
      state.providers = [];
      state.status = 'failed';
      state.error = action.payload;
    },
    providerSearchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    providerIndustryChanged(state, action: PayloadAction<string>) {
      state.industry = action.payload;
    },
    addProviderOpened(state) {
      state.form = { ...closedForm, open: true };
    },
    addProviderClosed(state) {
      state.form = closedForm;
    },
    addProviderSubmitted: {
      reducer(state, _action: PayloadAction<ProviderFormFields, string, { arg: File | undefined }>) {
        state.form.saving = true;
        state.form.error = null;
        state.form.fieldErrors = {};
      },
      // A File cannot live in the state; it rides in `meta.arg`, which Redux Toolkit's
      // serializability check skips, only as far as the saga that sends it.
      prepare: (fields: ProviderFormFields, image?: File) => ({ payload: fields, meta: { arg: image } }),
    },
    providerAdded(state, action: PayloadAction<Provider>) {
      state.providers = [
        action.payload,
        ...state.providers.filter((provider) => provider.id !== action.payload.id),
      ];
      state.form = closedForm;
    },
    addProviderFailed(state, action: PayloadAction<AddProviderFailure>) {
      state.form.saving = false;
      state.form.error = action.payload.message;
      state.form.fieldErrors = action.payload.fieldErrors;
    },
    providerDetailOpened(state, action: PayloadAction<string>) {
      state.detail = { id: action.payload, provider: null, services: [], status: 'loading', error: null };
    },
    providerDetailLoaded(
      state,
      action: PayloadAction<{ id: string; provider: Provider; services: Service[] }>,
    ) {
      if (state.detail.id !== action.payload.id) return;
      state.detail.provider = action.payload.provider;
      state.detail.services = action.payload.services;
      state.detail.status = 'loaded';
    },
    providerDetailLoadFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      if (state.detail.id !== action.payload.id) return;
      state.detail.status = 'failed';
      state.detail.error = action.payload.message;
    },
  },
});

export const {
  providersPageOpened,
  providersLoaded,
  providersLoadFailed,
  providerSearchChanged,
  providerIndustryChanged,
  addProviderOpened,
  addProviderClosed,
  addProviderSubmitted,
  providerAdded,
  addProviderFailed,
  providerDetailOpened,
  providerDetailLoaded,
  providerDetailLoadFailed,
} = providersSlice.actions;
export const providersReducer = providersSlice.reducer;

export interface WithProviders {
  providers: ProvidersState;
}

export const selectProviders = (state: WithProviders): ProvidersState => state.providers;
export const selectProviderForm = (state: WithProviders): AddProviderFormState => state.providers.form;
export const selectProviderDetail = (state: WithProviders): ProviderDetailState => state.providers.detail;
