import { createSlice } from '@reduxjs/toolkit';
import { paymentConfirmed, statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';
import type { ListStatus } from './appointments.texts';

/**
 * What is left besides the reads (RTK Query, `appointments.api.ts`): the status changes on
 * their way and the error of the last one.
 */
export interface AppointmentsState {
  /** Appointments whose status change is on its way. */
  updating: string[];
  /** docs/product.md §8: "Failed to update appointment status." after a refused or lost change. */
  updateError: string | null;
}

export const initialAppointmentsState: AppointmentsState = {
  updating: [],
  updateError: null,
};

const opened = (state: AppointmentsState) => {
  state.updateError = null;
};

const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState: initialAppointmentsState,
  reducers: {
    appointmentsPageOpened: opened,
    appointmentListOpened(state, _action: { payload: ListStatus }) {
      opened(state);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(statusChangeRequested, (state, action) => {
        if (!state.updating.includes(action.payload.id)) state.updating.push(action.payload.id);
        state.updateError = null;
      })
      .addCase(statusChanged, (state, action) => {
        state.updating = state.updating.filter((id) => id !== action.payload._id);
      })
      .addCase(statusChangeFailed, (state, action) => {
        state.updating = state.updating.filter((id) => id !== action.payload.id);
        state.updateError = action.payload.message;
      })
      .addCase(paymentConfirmed, opened);
  },
});

export const { appointmentsPageOpened, appointmentListOpened } = appointmentsSlice.actions;
export const appointmentsReducer = appointmentsSlice.reducer;

export interface WithAppointments {
  appointments: AppointmentsState;
}

export const selectUpdating = (state: WithAppointments): string[] => state.appointments.updating;
export const selectUpdateError = (state: WithAppointments): string | null => state.appointments.updateError;
