import { createSlice } from '@reduxjs/toolkit';

// Skeleton: the scheduling feature fills this in (issue 4).
export const schedulingSlice = createSlice({ name: 'scheduling', initialState: {}, reducers: {} });
export const schedulingReducer = schedulingSlice.reducer;
