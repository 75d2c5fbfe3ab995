import { createSlice } from '@reduxjs/toolkit';
import { statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';

export type { AppointmentCounts, ProviderAppointment, ServiceAppointment } from './dashboard.api';

/**
 * What the dashboard keeps besides its reads (dashboard.api.ts): the status changes asked
 * for from its panel, while they are on their way, and the last refusal.
 */
export interface DashboardState {
  /** Appointments whose status change is on its way. */
  updating: string[];
  /** docs/product.md §8: "Failed to update appointment status." after a refused or lost change. */
  updateError: string | null;
}

const initialState: DashboardState = {
  updating: [],
  updateError: null,
};

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    /** The dashboard opened: its reads start afresh (dashboard.api.ts), a past refusal is gone. */
    dashboardOpened(state) {
      state.updateError = null;
    },
  },
  extraReducers: (builder) => {
    // docs/product.md §4: after a Confirm or Reject the item changes in place (dashboard.saga.ts).
    builder.addCase(statusChangeRequested, (state, action) => {
      if (!state.updating.includes(action.payload.id)) state.updating.push(action.payload.id);
      state.updateError = null;
    });
    builder.addCase(statusChangeFailed, (state, action) => {
      state.updating = state.updating.filter((id) => id !== action.payload.id);
      state.updateError = action.payload.message;
    });
    builder.addCase(statusChanged, (state, action) => {
      state.updating = state.updating.filter((id) => id !== action.payload._id);
    });
  },
});

export const { dashboardOpened } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;

type WithDashboard = { dashboard: DashboardState };

export const selectDashboardUpdating = (state: WithDashboard): string[] => state.dashboard.updating;
export const selectDashboardUpdateError = (state: WithDashboard): string | null =>
  state.dashboard.updateError;
