import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type ForgotPasswordRequest,
  type ProviderRegistration,
  type RegistrationResponse,
  type ResetPasswordRequest,
  type UserRegistration,
} from '@appointment/contracts/accounts';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { AFTER_LOGOUT } from '@appointment/contracts/roles';
import { api, ApiError } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { toastShown } from '../../lib/toast.slice';
import {
  forgotPasswordFailed,
  forgotPasswordSent,
  forgotPasswordSubmitted,
  providerRegistrationSubmitted,
  resetPasswordFailed,
  resetPasswordSubmitted,
  resetPasswordSucceeded,
  registrationFailed,
  registrationSucceeded,
  registrationSuccessLeft,
  registrationSuccessViewed,
  userRegistrationSubmitted,
  type RegistrationFailure,
  type RegistrationOutcome,
  type LoginScreenState,
  type RegistrationType,
} from './auth.slice';

const REGISTRATION_SUCCESS_PATH = '/registration-success';

/** A refusal the client cannot foresee: a rate limit keeps the server's words; field errors stay on their fields. */
const failureOf = (error: unknown): RegistrationFailure => {
  if (error instanceof ApiError) {
    if (error.status === 409) return { message: MESSAGES.userExistsClient };
    if (error.status === 429) return { message: error.body.message };
    const fieldErrors = Object.fromEntries((error.body.errors ?? []).map((e) => [e.field, e.message]));
    return { message: MESSAGES.genericError, fieldErrors };
  }
  return { message: MESSAGES.genericError };
};

/** docs/product.md §7.1 POST /auth/register/user answers { success, message }; §8 User registration texts. */
function* registerUser(action: PayloadAction<UserRegistration>): SagaIterator {
  try {
    const response: RegistrationResponse = yield call(
      api.post<RegistrationResponse>,
      API_PATHS.registerUser,
      action.payload,
    );
    if (!response?.success) {
      yield put(registrationFailed({ message: MESSAGES.userRegistrationFailed }));
      return;
    }
    yield put(registrationSucceeded({ type: 'user', email: action.payload.email }));
  } catch (error) {
    yield put(registrationFailed(failureOf(error)));
  }
}

/** docs/product.md §8 Provider registration texts. */
function* registerProvider(action: PayloadAction<ProviderRegistration>): SagaIterator {
  try {
    const response: Partial<RegistrationResponse> | undefined = yield call(
      api.post<Partial<RegistrationResponse>>,
      API_PATHS.registerProvider,
      action.payload,
    );
    if (response?.message === MESSAGES.userExists) {
      yield put(registrationFailed({ message: MESSAGES.userExistsClient }));
      return;
    }
    const created = response?.success === true || response?.message === MESSAGES.userCreated;
    if (!created) {
      yield put(registrationFailed({ message: MESSAGES.providerRegistrationFailed }));
      return;
    }
    yield put(registrationSucceeded({ type: 'provider', email: action.payload.email }));
  } catch (error) {
    yield put(registrationFailed(failureOf(error)));
  }
}

function* showOutcome(action: PayloadAction<RegistrationOutcome>): SagaIterator {
  yield call(navigateTo, REGISTRATION_SUCCESS_PATH, { state: action.payload });
}

/** docs/product.md §2.3, §9: a provider sees a 3 s toast and goes to sign in after 3 s, unless they leave first. */
function* redirectProvider(action: PayloadAction<{ type: RegistrationType | undefined }>): SagaIterator {
  if (action.payload.type !== 'provider') return;
  yield put(toastShown(MESSAGES.registrationRedirectToast, DELAYS_MS.registrationToast));
  const { timeout } = yield race({
    timeout: delay(DELAYS_MS.registrationRedirect),
    left: take(registrationSuccessLeft.type),
  });
  if (timeout) yield call(navigateTo, AFTER_LOGOUT, { replace: true });
}

/**
 * Asks for a reset link. The server answers the same for every address; a refusal
 * (a rate limit, a malformed address) keeps the server's words.
 */
function* requestPasswordReset(action: PayloadAction<ForgotPasswordRequest>): SagaIterator {
  try {
    const response: { message: string } = yield call(
      api.post<{ message: string }>,
      API_PATHS.forgotPassword,
      action.payload,
    );
    yield put(forgotPasswordSent(response?.message ?? MESSAGES.passwordResetRequested));
  } catch (error) {
    yield put(
      forgotPasswordFailed(
        error instanceof ApiError && error.status !== 0 && error.status < 500
          ? error.body.message
          : MESSAGES.genericError,
      ),
    );
  }
}

/**
 * The new password of a mailed link; then the person signs in with it. A used, replaced or
 * expired link is the server's message; a refused password stays on its field.
 */
function* resetPassword(action: PayloadAction<ResetPasswordRequest>): SagaIterator {
  try {
    yield call(api.post<{ message: string }>, API_PATHS.resetPassword, action.payload);
    yield put(resetPasswordSucceeded());
    yield call(navigateTo, AFTER_LOGOUT, {
      replace: true,
      state: { passwordReset: true } satisfies LoginScreenState,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 429)) {
      const fieldErrors = Object.fromEntries((error.body.errors ?? []).map((e) => [e.field, e.message]));
      yield put(resetPasswordFailed({ message: error.body.message, fieldErrors }));
      return;
    }
    yield put(resetPasswordFailed({ message: MESSAGES.genericError }));
  }
}

export function* authSaga(): SagaIterator {
  yield takeLeading(forgotPasswordSubmitted.type, requestPasswordReset);
  yield takeLeading(resetPasswordSubmitted.type, resetPassword);
  yield takeLeading(userRegistrationSubmitted.type, registerUser);
  yield takeLeading(providerRegistrationSubmitted.type, registerProvider);
  yield takeLatest(registrationSucceeded.type, showOutcome);
  yield takeLatest(registrationSuccessViewed.type, redirectProvider);
}
