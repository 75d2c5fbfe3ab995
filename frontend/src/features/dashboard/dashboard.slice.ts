import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardDetails } from '@appointment/contracts/appointments';
import type { LoadStatus } from '../../lib/api';
import { statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';

/** docs/product.md §3 Appointment counts. */
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

export type ProviderAppointment = DashboardDetails['appointmentsWithProviderDetails'][number];
export type ServiceAppointment = DashboardDetails['appointmentsWithServiceDetails'][number];

export interface DashboardDetailsState {
  status: LoadStatus;
  /** A user's appointments with their providers (docs/product.md §2.4 Recent Providers, service cards). */
  withProvider: ProviderAppointment[];
  /** A provider's appointments with their services and users (docs/product.md §2.4 admin panel). */
  withService: ServiceAppointment[];
  /** The address of an admin's own provider, which the location filter reads. */
  providerAddress: string | null;
  error: string | null;
}

export interface DashboardState {
  status: LoadStatus;
  counts: AppointmentCounts;
  error: string | null;
  details: DashboardDetailsState;
  /** Appointments whose status change is on its way. */
  updating: string[];
  /** docs/product.md §8: "Failed to update appointment status." after a refused or lost change. */
  updateError: string | null;
}

const initialDetails: DashboardDetailsState = {
  status: 'idle',
  withProvider: [],
  withService: [],
  providerAddress: null,
  error: null,
};

const initialState: DashboardState = {
  status: 'idle',
  counts: NO_APPOINTMENTS,
  error: null,
  details: initialDetails,
  updating: [],
  updateError: null,
};

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    dashboardOpened(state) {
      state.status = 'loading';
      state.error = null;
      state.updateError = null;
      state.details = {
        ...initialDetails,
        status: 'loading',
        providerAddress: state.details.providerAddress,
      };
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
    detailsLoaded(state, action: PayloadAction<DashboardDetails>) {
      state.details.status = 'loaded';
      state.details.withProvider = action.payload.appointmentsWithProviderDetails;
      state.details.withService = action.payload.appointmentsWithServiceDetails;
    },
    detailsFailed(state, action: PayloadAction<string>) {
      state.details = { ...initialDetails, status: 'failed', error: action.payload };
    },
    providerAddressLoaded(state, action: PayloadAction<string | null>) {
      state.details.providerAddress = action.payload;
    },
  },
  extraReducers: (builder) => {
    // docs/product.md §4: after a Confirm or Reject the item changes in place.
    builder.addCase(statusChangeRequested, (state, action) => {
      if (!state.updating.includes(action.payload.id)) state.updating.push(action.payload.id);
      state.updateError = null;
    });
    builder.addCase(statusChangeFailed, (state, action) => {
      state.updating = state.updating.filter((id) => id !== action.payload.id);
      state.updateError = action.payload.message;
    });
    builder.addCase(statusChanged, (state, action) => {
      const changed = action.payload;
      state.updating = state.updating.filter((id) => id !== changed._id);
      state.details.withService = state.details.withService.map((item) =>
        item._id === changed._id ? { ...item, ...changed } : item,
      );
      state.details.withProvider = state.details.withProvider.map((item) =>
        item._id === changed._id ? { ...item, ...changed } : item,
      );
    });
  },
});

export const {
  dashboardOpened,
  countsLoaded,
  countsFailed,
  detailsLoaded,
  detailsFailed,
  providerAddressLoaded,
} = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;

type WithDashboard = { dashboard: DashboardState };

export const selectDashboardStatus = (state: WithDashboard): LoadStatus => state.dashboard.status;
export const selectDashboardCounts = (state: WithDashboard): AppointmentCounts => state.dashboard.counts;
export const selectDashboardError = (state: WithDashboard): string | null => state.dashboard.error;
export const selectDashboardDetails = (state: { dashboard: DashboardState }): DashboardDetailsState =>
  state.dashboard.details;
export const selectDashboardUpdating = (state: { dashboard: DashboardState }): string[] =>
  state.dashboard.updating;
export const selectDashboardUpdateError = (state: { dashboard: DashboardState }): string | null =>
  state.dashboard.updateError;
