import { createSlice } from '@reduxjs/toolkit';

// Skeleton: the providers feature fills this in (issue 4).
export const providersSlice = createSlice({ name: 'providers', initialState: {}, reducers: {} });
export const providersReducer = providersSlice.reducer;
