import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiErrorOf } from '../../lib/api';
import { providerApprovalApi } from './provider-approval.api';

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

const { approveProvider, rejectProvider } = providerApprovalApi.endpoints;

const settle = (state: ProviderApprovalState, id: string) => {
  state.busyIds = state.busyIds.filter((busy) => busy !== id);
};

/**
 * The table's own state besides its read: the rows whose Accept or Reject is on its way
 * (provider-approval.api.ts), and what the last decision said.
 */
const providerApprovalSlice = createSlice({
  name: 'providerApproval',
  initialState: initialProviderApprovalState,
  reducers: {
    approvalTableOpened(state) {
      state.actionError = null;
      state.actionMessage = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isAnyOf(approveProvider.matchPending, rejectProvider.matchPending), (state, action) => {
        state.busyIds.push(action.meta.arg.originalArgs);
        state.actionError = null;
        state.actionMessage = null;
      })
      .addMatcher(approveProvider.matchFulfilled, (state, action) => {
        settle(state, action.meta.arg.originalArgs);
        state.actionMessage = action.payload ?? MESSAGES.providerApproved;
      })
      .addMatcher(rejectProvider.matchFulfilled, (state, action) => {
        settle(state, action.meta.arg.originalArgs);
        state.actionMessage = action.payload ?? MESSAGES.userDeleted;
      })
      .addMatcher(approveProvider.matchRejected, (state, action) => {
        settle(state, action.meta.arg.originalArgs);
        state.actionError = MESSAGES.acceptProviderFailed;
      })
      .addMatcher(rejectProvider.matchRejected, (state, action) => {
        settle(state, action.meta.arg.originalArgs);
        // The spec names no text for a failed rejection; the server's reason is the most useful one.
        const failure = action.payload === undefined ? null : apiErrorOf(action);
        state.actionError = failure ? failure.message : MESSAGES.genericError;
      });
  },
});

export const { approvalTableOpened } = providerApprovalSlice.actions;
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
