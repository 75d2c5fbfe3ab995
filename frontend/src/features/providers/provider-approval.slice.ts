import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingProviderUser } from '@appointment/contracts/accounts';

export interface ProviderApprovalState {
  providers: PendingProviderUser[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  loadError: string | null;
  /** Rows whose Accept or Reject call is under way. */
  busyIds: string[];
  actionError: string | null;
  actionMessage: string | null;
}

export const initialProviderApprovalState: ProviderApprovalState = {
  providers: [],
  status: 'idle',
  loadError: null,
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
      state.status = 'loading';
      state.loadError = null;
      state.actionError = null;
      state.actionMessage = null;
    },
    pendingProvidersLoaded(state, action: PayloadAction<PendingProviderUser[]>) {
      state.providers = action.payload;
      state.status = 'loaded';
    },
    pendingProvidersLoadFailed(state, action: PayloadAction<string>) {
      state.providers = [];
      state.status = 'failed';
      state.loadError = action.payload;
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
      state.providers = state.providers.filter((provider) => provider._id !== action.payload.id);
      state.actionMessage = action.payload.message;
    },
    providerRejected(state, action: PayloadAction<Decided>) {
      settle(state, action.payload.id);
      state.providers = state.providers.filter((provider) => provider._id !== action.payload.id);
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
  pendingProvidersLoaded,
  pendingProvidersLoadFailed,
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

export const selectProviderApproval = (state: WithProviderApproval): ProviderApprovalState =>
  state.providerApproval;
