import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../app/session.slice';

/** SPEC §3 Notification; createdAt is an ISO string, shown in the local format. */
export interface AppNotification {
  _id?: string;
  message: string;
  createdAt: string;
}

export interface NotificationsState {
  items: AppNotification[];
}

const initialState: NotificationsState = { items: [] };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationsLoaded(state, action: PayloadAction<AppNotification[]>) {
      state.items = action.payload;
    },
    notificationDeleteRequested(_state, _action: PayloadAction<string | undefined>) {},
    /** SPEC §4: removed only once the server answered with a message. */
    notificationDeleted(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item._id !== action.payload);
    },
    clearAllRequested() {},
    allCleared(state) {
      state.items = [];
    },
    /** A live event (SPEC §4): prepended to the list. */
    notificationReceived(state, action: PayloadAction<AppNotification>) {
      // Live delivery is at least once: a notification already listed is not shown twice.
      if (state.items.some((item) => item._id === action.payload._id)) return;
      state.items.unshift(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(sessionExpired, () => initialState);
  },
});

export const {
  notificationsLoaded,
  notificationDeleteRequested,
  notificationDeleted,
  clearAllRequested,
  allCleared,
  notificationReceived,
} = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

export const selectNotifications = (state: { notifications: NotificationsState }): AppNotification[] =>
  state.notifications.items;
