import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Appointment, AppointmentCounts, AppointmentStatus } from '@appointment/contracts/appointments';
import type { ListStatus } from './appointments.texts';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export const NO_COUNTS: AppointmentCounts = {
  scheduledAppointments: 0,
  pendingAppointments: 0,
  completedAppointments: 0,
  cancelledAppointments: 0,
  totalAppointments: 0,
};

/** A status change asked for on the list (which then returns to /appointments) or the dashboard. */
export interface StatusChange {
  id: string;
  status: AppointmentStatus;
  /** Where to go once the change is made (SPEC §2.5: the list goes back to /appointments). */
  navigateTo?: string;
}

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

const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState: initialAppointmentsState,
  reducers: {
    appointmentsPageOpened(state) {
      state.counts.status = 'loading';
      state.counts.error = null;
      state.updateError = null;
    },
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
    updateErrorCleared(state) {
      state.updateError = null;
    },
    statusChangeRequested(state, action: PayloadAction<StatusChange>) {
      if (!state.updating.includes(action.payload.id)) state.updating.push(action.payload.id);
      state.updateError = null;
    },
    /** SPEC §4: the item changes in place. */
    statusChanged(state, action: PayloadAction<Appointment>) {
      const changed = action.payload;
      state.updating = state.updating.filter((id) => id !== changed._id);
      state.list.items = state.list.items.map((item) => (item._id === changed._id ? changed : item));
    },
    statusChangeFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      state.updating = state.updating.filter((id) => id !== action.payload.id);
      state.updateError = action.payload.message;
    },
  },
});

export const {
  appointmentsPageOpened,
  countsLoaded,
  countsLoadFailed,
  appointmentListOpened,
  appointmentsLoaded,
  appointmentsLoadFailed,
  updateErrorCleared,
  statusChangeRequested,
  statusChanged,
  statusChangeFailed,
} = appointmentsSlice.actions;
export const appointmentsReducer = appointmentsSlice.reducer;

export interface WithAppointments {
  appointments: AppointmentsState;
}

export const selectAppointmentCounts = (state: WithAppointments) => state.appointments.counts;
export const selectAppointmentList = (state: WithAppointments) => state.appointments.list;
export const selectUpdating = (state: WithAppointments): string[] => state.appointments.updating;
export const selectUpdateError = (state: WithAppointments): string | null => state.appointments.updateError;
