import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Role } from '@appointment/contracts/roles';
import type { LoginRequest, SessionUser } from '@appointment/contracts/accounts';
import { readStoredRoleValue } from './session';

/** docs/product.md §3 Session and §4 Session states. */
export interface SessionState {
  user: SessionUser | null;
  /** The role as stored locally (docs/product.md §2.1: route access reads the stored role). */
  role: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

export const initialSessionState: SessionState = {
  user: null,
  role: null,
  isAuthenticated: false,
  isLoading: true,
};

/** The session as local storage has it before the first render: still loading until checked. */
export const loadSessionState = (): SessionState => ({
  ...initialSessionState,
  role: readStoredRoleValue(),
});

export interface SessionEstablished {
  user: SessionUser;
  role: Role;
}

export interface ProfileChange {
  name?: string;
  imageurl?: string;
  /** The zone the person chose on their profile. */
  timezone?: string;
}

const signedOut = (state: SessionState) => {
  state.user = null;
  state.role = null;
  state.isAuthenticated = false;
  state.isLoading = false;
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    noStoredSession(state) {
      state.isAuthenticated = false;
      state.isLoading = false;
    },
    sessionRestored(state, action: PayloadAction<{ user: SessionUser; role: Role }>) {
      state.user = action.payload.user;
      state.role = action.payload.role;
      state.isAuthenticated = true;
      state.isLoading = false;
    },
    sessionExpired: signedOut,
    /** The check failed for another reason than an unknown session (offline, server down). */
    sessionCheckFailed(state) {
      state.isLoading = false;
    },
    loginSubmitted(_state, _action: PayloadAction<LoginRequest>) {},
    loginSucceeded(state, action: PayloadAction<SessionEstablished>) {
      state.user = action.payload.user;
      state.role = action.payload.role;
      state.isAuthenticated = true;
      state.isLoading = false;
    },
    loginFailed(_state, _action: PayloadAction<string>) {},
    logoutRequested() {},
    loggedOut: signedOut,
    logoutFailed() {},
    /** The profile screen changed the name or the avatar (after an update or an upload). */
    profileChanged(state, action: PayloadAction<ProfileChange>) {
      if (!state.user) return;
      const { name, imageurl, timezone } = action.payload;
      if (name !== undefined) state.user.name = name;
      if (imageurl !== undefined) state.user.imageurl = imageurl;
      if (timezone !== undefined) state.user.timezone = timezone;
    },
  },
});

export const {
  noStoredSession,
  sessionRestored,
  sessionExpired,
  sessionCheckFailed,
  loginSubmitted,
  loginSucceeded,
  loginFailed,
  logoutRequested,
  loggedOut,
  logoutFailed,
  profileChanged,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

interface WithSession {
  session: SessionState;
}

export const selectSession = (state: WithSession): SessionState => state.session;
export const selectSessionUser = (state: WithSession): SessionUser | null => state.session.user;
/** The stored value, known role or not; the route guard and the menu read this. */
export const selectStoredRoleValue = (state: WithSession): string | null => state.session.role;
/** The stored role when it is one of the product's roles. */
export const selectRole = (state: WithSession): Role | null => {
  const parsed = Role.safeParse(state.session.role);
  return parsed.success ? parsed.data : null;
};
/** The zone the person chose on their profile, if they did (the viewer's zone for "Your time"). */
export const selectProfileTimeZone = (state: WithSession): string | undefined => state.session.user?.timezone;
export const selectIsAuthenticated = (state: WithSession): boolean => state.session.isAuthenticated;
export const selectSessionLoading = (state: WithSession): boolean => state.session.isLoading;
