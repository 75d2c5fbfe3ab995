import { createSlice } from '@reduxjs/toolkit';

// Skeleton: the services feature fills this in (issue 4).
export const servicesSlice = createSlice({ name: 'services', initialState: {}, reducers: {} });
export const servicesReducer = servicesSlice.reducer;
