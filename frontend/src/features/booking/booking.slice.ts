import { createSlice } from '@reduxjs/toolkit';

// Skeleton: the booking feature fills this in (issue 4).
export const bookingSlice = createSlice({ name: 'booking', initialState: {}, reducers: {} });
export const bookingReducer = bookingSlice.reducer;
