import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Toast {
  id: string;
  message: string;
  durationMs: number;
}

export interface ToastState {
  current: Toast | null;
}

const initialState: ToastState = { current: null };

let nextId = 0;

const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = action.payload;
      },
      prepare: (message: string, durationMs: number) => ({
        payload: { id: `toast-${(nextId += 1)}`, message, durationMs },
      }),
    },
    toastExpired(state, action: PayloadAction<string>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { toastShown, toastExpired } = toastSlice.actions;
export const toastReducer = toastSlice.reducer;

export const selectToast = (state: { toast: ToastState }): Toast | null => state.toast.current;
