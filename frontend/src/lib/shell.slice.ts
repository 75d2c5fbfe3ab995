import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from './session.slice';

/** Which top-bar popup is open; at most one, and an outside click closes both (docs/product.md §2.2). */
export type ShellPopup = 'notifications' | 'profile' | null;

export interface ShellState {
  openPopup: ShellPopup;
}

const initialState: ShellState = { openPopup: null };

const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    notificationsToggled(state) {
      state.openPopup = state.openPopup === 'notifications' ? null : 'notifications';
    },
    /** A live notification arrived (docs/product.md §4): it opens the panel. */
    notificationsPanelOpened(state) {
      state.openPopup = 'notifications';
    },
    profileMenuToggled(state) {
      state.openPopup = state.openPopup === 'profile' ? null : 'profile';
    },
    popupsDismissed(state) {
      state.openPopup = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => {
      state.openPopup = null;
    });
  },
});

export const { notificationsToggled, notificationsPanelOpened, profileMenuToggled, popupsDismissed } =
  shellSlice.actions;
export const shellReducer = shellSlice.reducer;

export const selectOpenPopup = (state: { shell: ShellState }): ShellPopup => state.shell.openPopup;
