import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Provider } from '@appointment/contracts/catalogue';

export interface AddProviderFormState {
  open: boolean;
  saving: boolean;
  /** The message of a refused or failed save (docs/product.md §8 Add provider). */
  error: string | null;
  /** Messages the server gave per field, keyed by the field's path ("workingHours.0.endTime"). */
  fieldErrors: Record<string, string>;
}

export interface ProvidersState {
  /** The superadmin search (name or e-mail) and the industry filter; '' is All Industries. */
  search: string;
  industry: string;
  form: AddProviderFormState;
}

const closedForm: AddProviderFormState = { open: false, saving: false, error: null, fieldErrors: {} };

export const initialProvidersState: ProvidersState = {
  search: '',
  industry: '',
  form: closedForm,
};

export interface AddProviderFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

export const providersSlice = createSlice({
  name: 'providers',
  initialState: initialProvidersState,
  reducers: {
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
    /** The form builds its multipart body (with the picture) and sends it (providers.queries.ts `addProvider`). */
    addProviderSubmitted(state) {
      state.form.saving = true;
      state.form.error = null;
      state.form.fieldErrors = {};
    },
    /** Added: the list's answer is patched by the saga. */
    providerAdded(state, _action: PayloadAction<Provider>) {
      state.form = closedForm;
    },
    addProviderFailed(state, action: PayloadAction<AddProviderFailure>) {
      state.form.saving = false;
      state.form.error = action.payload.message;
      state.form.fieldErrors = action.payload.fieldErrors;
    },
  },
});

export const {
  providerSearchChanged,
  providerIndustryChanged,
  addProviderOpened,
  addProviderClosed,
  addProviderSubmitted,
  providerAdded,
  addProviderFailed,
} = providersSlice.actions;
export const providersReducer = providersSlice.reducer;

export interface WithProviders {
  providers: ProvidersState;
}

export const selectProviderSearch = (state: WithProviders): string => state.providers.search;
export const selectProviderIndustry = (state: WithProviders): string => state.providers.industry;
export const selectProviderForm = (state: WithProviders): AddProviderFormState => state.providers.form;
