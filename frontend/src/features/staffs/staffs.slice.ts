import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StaffUser } from '@appointment/contracts/accounts';

export interface StaffsState {
  users: StaffUser[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  error: string | null;
}

export const initialStaffsState: StaffsState = { users: [], status: 'idle', error: null };

const staffsSlice = createSlice({
  name: 'staffs',
  initialState: initialStaffsState,
  reducers: {
    staffsPageOpened(state) {
      state.status = 'loading';
      state.error = null;
    },
    staffsLoaded(state, action: PayloadAction<StaffUser[]>) {
      state.users = action.payload;
      state.status = 'loaded';
    },
    staffsLoadFailed(state, action: PayloadAction<string>) {
      state.users = [];
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { staffsPageOpened, staffsLoaded, staffsLoadFailed } = staffsSlice.actions;
export const staffsReducer = staffsSlice.reducer;

export interface WithStaffs {
  staffs: StaffsState;
}

export const selectStaffs = (state: WithStaffs): StaffsState => state.staffs;
