import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Appointment, AppointmentCounts } from '@appointment/contracts/appointments';
import { paymentConfirmed, statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';
import type { ListStatus } from './appointments.texts';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export const NO_COUNTS: AppointmentCounts = {
  scheduledAppointments: 0,
  pendingAppointments: 0,
  completedAppointments: 0,
  cancelledAppointments: 0,
  totalAppointments: 0,
};

export interface AppointmentsState {
  counts: { status: LoadStatus; data: AppointmentCounts; error: string | null };
  list: { status: LoadStatus; filter: ListStatus; items: Appointment[]; error: string | null };
  /** Appointments whose status change is on its way. */
  updating: string[];
  /** SPEC §8: "Failed to update appointment status." after a refused or lost change. */
  updateError: string | null;
}

export const initialAppointmentsState: AppointmentsState = {
  counts: { status: 'idle', data: NO_COUNTS, error: null },
  list: { status: 'idle', filter: 'all', items: [], error: null },
  updating: [],
  updateError: null,
};

/** The counts load again: on opening /appointments, and after a payment (SPEC §4 step 8). */
const reopened = (state: AppointmentsState) => {
  state.counts.status = 'loading';
  state.counts.error = null;
  state.updateError = null;
};

const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState: initialAppointmentsState,
  reducers: {
    appointmentsPageOpened: reopened,
    countsLoaded(state, action: PayloadAction<AppointmentCounts>) {
      state.counts = { status: 'loaded', data: action.payload, error: null };
    },
    countsLoadFailed(state, action: PayloadAction<string>) {
      state.counts = { status: 'failed', data: NO_COUNTS, error: action.payload };
    },
    appointmentListOpened(state, action: PayloadAction<ListStatus>) {
      state.list = { status: 'loading', filter: action.payload, items: [], error: null };
      state.updateError = null;
    },
    appointmentsLoaded(state, action: PayloadAction<Appointment[]>) {
      state.list.status = 'loaded';
      state.list.items = action.payload;
    },
    appointmentsLoadFailed(state, action: PayloadAction<string>) {
      state.list.status = 'failed';
      state.list.items = [];
      state.list.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(statusChangeRequested, (state, action) => {
        if (!state.updating.includes(action.payload.id)) state.updating.push(action.payload.id);
        state.updateError = null;
      })
      // SPEC §4: the item changes in place.
      .addCase(statusChanged, (state, action) => {
        const changed = action.payload;
        state.updating = state.updating.filter((id) => id !== changed._id);
        state.list.items = state.list.items.map((item) => (item._id === changed._id ? changed : item));
      })
      .addCase(statusChangeFailed, (state, action) => {
        state.updating = state.updating.filter((id) => id !== action.payload.id);
        state.updateError = action.payload.message;
      })
      .addCase(paymentConfirmed, reopened);
  },
});

export const {
  appointmentsPageOpened,
  countsLoaded,
  countsLoadFailed,
  appointmentListOpened,
  appointmentsLoaded,
  appointmentsLoadFailed,
} = appointmentsSlice.actions;
export const appointmentsReducer = appointmentsSlice.reducer;

export interface WithAppointments {
  appointments: AppointmentsState;
}

export const selectAppointmentCounts = (state: WithAppointments) => state.appointments.counts;
export const selectAppointmentList = (state: WithAppointments) => state.appointments.list;
export const selectUpdating = (state: WithAppointments): string[] => state.appointments.updating;
export const selectUpdateError = (state: WithAppointments): string | null => state.appointments.updateError;
