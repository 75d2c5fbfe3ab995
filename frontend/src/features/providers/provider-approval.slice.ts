import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ProviderApprovalState {
  /** Rows whose Accept or Reject call is under way. */
  busyIds: string[];
  actionError: string | null;
  actionMessage: string | null;
}

export const initialProviderApprovalState: ProviderApprovalState = {
  busyIds: [],
  actionError: null,
  actionMessage: null,
};

interface Decided {
  id: string;
  message: string;
}

const settle = (state: ProviderApprovalState, id: string) => {
  state.busyIds = state.busyIds.filter((busy) => busy !== id);
};

const providerApprovalSlice = createSlice({
  name: 'providerApproval',
  initialState: initialProviderApprovalState,
  reducers: {
    approvalTableOpened(state) {
      state.actionError = null;
      state.actionMessage = null;
    },
    acceptClicked(state, action: PayloadAction<string>) {
      state.busyIds.push(action.payload);
      state.actionError = null;
      state.actionMessage = null;
    },
    rejectClicked(state, action: PayloadAction<string>) {
      state.busyIds.push(action.payload);
      state.actionError = null;
      state.actionMessage = null;
    },
    providerAccepted(state, action: PayloadAction<Decided>) {
      settle(state, action.payload.id);
      state.actionMessage = action.payload.message;
    },
    providerRejected(state, action: PayloadAction<Decided>) {
      settle(state, action.payload.id);
      state.actionMessage = action.payload.message;
    },
    decisionFailed(state, action: PayloadAction<Decided>) {
      settle(state, action.payload.id);
      state.actionError = action.payload.message;
    },
  },
});

export const {
  approvalTableOpened,
  acceptClicked,
  rejectClicked,
  providerAccepted,
  providerRejected,
  decisionFailed,
} = providerApprovalSlice.actions;
export const providerApprovalReducer = providerApprovalSlice.reducer;

export interface WithProviderApproval {
  providerApproval: ProviderApprovalState;
}

export const selectApprovalBusyIds = (state: WithProviderApproval): string[] =>
  state.providerApproval.busyIds;
export const selectApprovalActionError = (state: WithProviderApproval): string | null =>
  state.providerApproval.actionError;
export const selectApprovalActionMessage = (state: WithProviderApproval): string | null =>
  state.providerApproval.actionMessage;
