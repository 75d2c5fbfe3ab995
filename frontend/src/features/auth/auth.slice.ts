import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProviderRegistration, UserRegistration } from '@appointment/contracts/accounts';
import { loginFailed, loginSubmitted, loginSucceeded } from '../../lib/session.slice';

export type RegistrationType = 'user' | 'provider';

/** Router state handed to /registration-success (docs/product.md §2.3). */
export interface RegistrationOutcome {
  type: RegistrationType;
  email: string;
}

export interface RegistrationFailure {
  message: string;
  fieldErrors?: Record<string, string>;
}

export interface AuthState {
  login: { submitting: boolean; error: string | null };
  registration: { submitting: boolean; error: string | null; fieldErrors: Record<string, string> };
}

const initialState: AuthState = {
  login: { submitting: false, error: null },
  registration: { submitting: false, error: null, fieldErrors: {} },
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginFormOpened(state) {
      state.login = initialState.login;
    },
    registrationFormOpened(state) {
      state.registration = initialState.registration;
    },
    userRegistrationSubmitted(state, _action: PayloadAction<UserRegistration>) {
      state.registration = { submitting: true, error: null, fieldErrors: {} };
    },
    providerRegistrationSubmitted(state, _action: PayloadAction<ProviderRegistration>) {
      state.registration = { submitting: true, error: null, fieldErrors: {} };
    },
    registrationSucceeded(state, _action: PayloadAction<RegistrationOutcome>) {
      state.registration = initialState.registration;
    },
    registrationFailed(state, action: PayloadAction<RegistrationFailure>) {
      state.registration = {
        submitting: false,
        error: action.payload.message,
        fieldErrors: action.payload.fieldErrors ?? {},
      };
    },
    /** /registration-success is on screen; a provider is sent on to sign in (docs/product.md §2.3). */
    registrationSuccessViewed(_state, _action: PayloadAction<{ type: RegistrationType | undefined }>) {},
    registrationSuccessLeft() {},
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginSubmitted, (state) => {
        state.login = { submitting: true, error: null };
      })
      .addCase(loginSucceeded, (state) => {
        state.login = initialState.login;
      })
      .addCase(loginFailed, (state, action) => {
        state.login = { submitting: false, error: action.payload };
      });
  },
});

export const {
  loginFormOpened,
  registrationFormOpened,
  userRegistrationSubmitted,
  providerRegistrationSubmitted,
  registrationSucceeded,
  registrationFailed,
  registrationSuccessViewed,
  registrationSuccessLeft,
} = authSlice.actions;
export const authReducer = authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}

export const selectLoginForm = (state: WithAuth) => state.auth.login;
export const selectRegistrationForm = (state: WithAuth) => state.auth.registration;
