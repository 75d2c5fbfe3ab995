import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import type { ErrorBody } from '@appointment/contracts/errors';
import { providersApi } from './providers.api';

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
  },
  extraReducers: (builder) => {
    const { addProvider } = providersApi.endpoints;
    builder
      // The form builds its multipart body (with the picture) and sends it (providers.api.ts `addProvider`).
      .addMatcher(addProvider.matchPending, (state) => {
        state.form.saving = true;
        state.form.error = null;
        state.form.fieldErrors = {};
      })
      // Added: the form closes; the list's answer is patched by the endpoint.
      .addMatcher(addProvider.matchFulfilled, (state) => {
        state.form = closedForm;
      })
      .addMatcher(addProvider.matchRejected, (state, action) => {
        const failure = addProviderFailureOf(action);
        state.form.saving = false;
        state.form.error = failure.message;
        state.form.fieldErrors = failure.fieldErrors;
      });
  },
});

/**
 * docs/product.md §8 Add provider: a refused form (400) shows the server's message and its field
 * messages; a conflict (409, an e-mail already taken) is about the form's data too, so it is told
 * the same way. Anything else is "Something went wrong.".
 */
const addProviderFailureOf = (rejected: { payload?: unknown }): AddProviderFailure => {
  const { status, data } = (rejected.payload ?? {}) as { status?: unknown; data?: Partial<ErrorBody> };
  if ((status !== 400 && status !== 409) || !data || typeof data !== 'object') {
    return { message: MESSAGES.somethingWentWrong, fieldErrors: {} };
  }
  const fieldErrors: Record<string, string> = {};
  for (const { field, message } of data.errors ?? []) {
    if (!(field in fieldErrors)) fieldErrors[field] = message;
  }
  const message = typeof data.message === 'string' ? data.message : '';
  return { message: message || MESSAGES.providerAddFailed, fieldErrors };
};

export const { providerSearchChanged, providerIndustryChanged, addProviderOpened, addProviderClosed } =
  providersSlice.actions;
export const providersReducer = providersSlice.reducer;

export interface WithProviders {
  providers: ProvidersState;
}

export const selectProviderSearch = (state: WithProviders): string => state.providers.search;
export const selectProviderIndustry = (state: WithProviders): string => state.providers.industry;
export const selectProviderForm = (state: WithProviders): AddProviderFormState => state.providers.form;
