import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { notificationReceived, type AppNotification } from '../../lib/events';
import { loggedOut, sessionExpired } from '../../lib/session.slice';

export type { AppNotification };

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
    /** docs/product.md §4: removed only once the server answered with a message. */
    notificationDeleted(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item._id !== action.payload);
    },
    clearAllRequested() {},
    allCleared(state) {
      state.items = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(notificationReceived, (state, action) => {
        // Live delivery is at least once: a notification already listed is not shown twice.
        if (state.items.some((item) => item._id === action.payload._id)) return;
        state.items.unshift(action.payload);
      })
      .addCase(loggedOut, () => initialState)
      .addCase(sessionExpired, () => initialState);
  },
});

export const {
  notificationsLoaded,
  notificationDeleteRequested,
  notificationDeleted,
  clearAllRequested,
  allCleared,
} = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

export const selectNotifications = (state: { notifications: NotificationsState }): AppNotification[] =>
  state.notifications.items;
