import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC §3 Appointment counts. */
export interface AppointmentCounts {
  scheduledAppointments: number;
  pendingAppointments: number;
  completedAppointments: number;
  cancelledAppointments: number;
  totalAppointments: number;
}

export const NO_APPOINTMENTS: AppointmentCounts = {
  scheduledAppointments: 0,
  pendingAppointments: 0,
  completedAppointments: 0,
  cancelledAppointments: 0,
  totalAppointments: 0,
};

export interface DashboardState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  counts: AppointmentCounts;
  error: string | null;
}

const initialState: DashboardState = { status: 'idle', counts: NO_APPOINTMENTS, error: null };

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    dashboardOpened(state) {
      state.status = 'loading';
      state.error = null;
    },
    countsLoaded(state, action: PayloadAction<AppointmentCounts>) {
      state.status = 'loaded';
      state.counts = action.payload;
    },
    countsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.counts = NO_APPOINTMENTS;
      state.error = action.payload;
    },
  },
});

export const { dashboardOpened, countsLoaded, countsFailed } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;

export const selectDashboard = (state: { dashboard: DashboardState }): DashboardState => state.dashboard;
