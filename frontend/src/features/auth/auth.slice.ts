import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ForgotPasswordRequest,
  ProviderRegistration,
  ResetPasswordRequest,
  UserRegistration,
} from '@appointment/contracts/accounts';
import { loginFailed, loginSubmitted, loginSucceeded } from '../../lib/session.slice';

export type RegistrationType = 'user' | 'provider';

/** Router state handed to /registration-success (docs/product.md §2.3). */
export interface RegistrationOutcome {
  type: RegistrationType;
  email: string;
}

/** The router state /login reads to say the password was reset. */
export interface LoginScreenState {
  passwordReset?: boolean;
}

export interface RegistrationFailure {
  message: string;
  fieldErrors?: Record<string, string>;
}

export interface AuthState {
  login: { submitting: boolean; error: string | null };
  registration: { submitting: boolean; error: string | null; fieldErrors: Record<string, string> };
  /** /forgot-password; `sent` once the server answered (the same for any address). */
  forgotPassword: { submitting: boolean; error: string | null; sent: string | null };
  /** /reset-password, the form of the mailed link. */
  resetPassword: { submitting: boolean; error: string | null; fieldErrors: Record<string, string> };
}

const initialState: AuthState = {
  login: { submitting: false, error: null },
  registration: { submitting: false, error: null, fieldErrors: {} },
  forgotPassword: { submitting: false, error: null, sent: null },
  resetPassword: { submitting: false, error: null, fieldErrors: {} },
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
    forgotPasswordOpened(state) {
      state.forgotPassword = initialState.forgotPassword;
    },
    forgotPasswordSubmitted(state, _action: PayloadAction<ForgotPasswordRequest>) {
      state.forgotPassword = { submitting: true, error: null, sent: null };
    },
    /** The server's answer: the same neutral message whether or not the address has an account. */
    forgotPasswordSent(state, action: PayloadAction<string>) {
      state.forgotPassword = { submitting: false, error: null, sent: action.payload };
    },
    forgotPasswordFailed(state, action: PayloadAction<string>) {
      state.forgotPassword = { submitting: false, error: action.payload, sent: null };
    },
    resetPasswordOpened(state) {
      state.resetPassword = initialState.resetPassword;
    },
    resetPasswordSubmitted(state, _action: PayloadAction<ResetPasswordRequest>) {
      state.resetPassword = { submitting: true, error: null, fieldErrors: {} };
    },
    /** The password is reset: the saga sends the person to sign in. */
    resetPasswordSucceeded(state) {
      state.resetPassword = initialState.resetPassword;
    },
    resetPasswordFailed(state, action: PayloadAction<RegistrationFailure>) {
      state.resetPassword = {
        submitting: false,
        error: action.payload.message,
        fieldErrors: action.payload.fieldErrors ?? {},
      };
    },
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
  forgotPasswordOpened,
  forgotPasswordSubmitted,
  forgotPasswordSent,
  forgotPasswordFailed,
  resetPasswordOpened,
  resetPasswordSubmitted,
  resetPasswordSucceeded,
  resetPasswordFailed,
} = authSlice.actions;
export const authReducer = authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}

export const selectLoginForm = (state: WithAuth) => state.auth.login;
export const selectRegistrationForm = (state: WithAuth) => state.auth.registration;
export const selectForgotPasswordForm = (state: WithAuth) => state.auth.forgotPassword;
export const selectResetPasswordForm = (state: WithAuth) => state.auth.resetPassword;
