import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
} from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { AFTER_LOGIN, AFTER_LOGOUT } from '@appointment/contracts/roles';
import { api, ApiError } from './api-client';
import { navigateTo } from './navigation';
import { clearStoredSession, storeRole, storeSession } from './session';
import {
  loggedOut,
  loginFailed,
  loginSubmitted,
  loginSucceeded,
  logoutFailed,
  logoutRequested,
  noStoredSession,
  selectSession,
  sessionCheckFailed,
  sessionExpired,
  sessionRestored,
  type SessionState,
} from './session.slice';

/**
 * docs/product.md §4: with nothing stored the session is simply signed out; otherwise ask who we are. The
 * stored role is the sign that someone signed in here (the token itself is never stored).
 */
function* checkSession(): SagaIterator {
  const { role }: SessionState = yield select(selectSession);
  if (!role) {
    yield put(noStoredSession());
    return;
  }
  try {
    const me: MeResponse = yield call(api.get<MeResponse>, API_PATHS.me);
    yield call(storeRole, me.role);
    yield put(sessionRestored({ user: me.user, role: me.role }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      yield call(clearStoredSession);
      yield put(sessionExpired());
      return;
    }
    console.error('Error fetching the current session', error);
    yield put(sessionCheckFailed());
  }
}

/** docs/product.md §8 Login texts; a rate limit (429) and other refusals keep the server's own words. */
const loginErrorMessage = (error: unknown): string => {
  if (!(error instanceof ApiError)) return MESSAGES.networkError;
  if (error.status === 0) return MESSAGES.networkError;
  if (error.status === 401) return MESSAGES.invalidCredentials;
  return error.body.message || MESSAGES.invalidCredentials;
};

function* login(action: PayloadAction<LoginRequest>): SagaIterator {
  try {
    const response: LoginResponse = yield call(api.post<LoginResponse>, API_PATHS.login, action.payload);
    if (response?.message !== MESSAGES.loginSuccessful) {
      yield put(loginFailed(MESSAGES.invalidCredentials));
      return;
    }
    yield call(storeSession, response.role);
    yield put(loginSucceeded({ user: response.user, role: response.role }));
    yield call(navigateTo, AFTER_LOGIN);
  } catch (error) {
    yield put(loginFailed(loginErrorMessage(error)));
  }
}

/**
 * docs/product.md §4: the session is cleared and the menu closed only if the logout call succeeds. A 401
 * means the server holds no session for us any more, which is what logging out asks for.
 */
function* logout(): SagaIterator {
  try {
    yield call(api.post, API_PATHS.logout);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      console.error('Error during logout', error);
      yield put(logoutFailed());
      return;
    }
  }
  yield call(clearStoredSession);
  yield put(loggedOut());
  yield call(navigateTo, AFTER_LOGOUT);
}

export function* sessionSaga(): SagaIterator {
  yield takeLatest(loginSubmitted.type, login);
  yield takeLeading(logoutRequested.type, logout);
  yield call(checkSession);
}
