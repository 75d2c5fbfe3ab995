import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CheckoutInfo, PaymentResult } from '@appointment/contracts/payments';
import type { PaymentOrder } from './payments.requests';

/** What a paid booking hands to the checkout. */
export interface CheckoutRequest {
  appointmentId: string;
  serviceName: string;
  order: PaymentOrder;
  checkout: CheckoutInfo;
  /** Until when the unpaid booking is held: said when the checkout ends unpaid. */
  payBy?: string;
}

export interface CheckoutState extends CheckoutRequest {
  /** The payment result is being sent to the server. */
  confirming: boolean;
  /** A paid result the server has not taken yet; "Try again" sends it once more. */
  unconfirmed: PaymentResult | null;
  error: string | null;
}

export interface PaymentsState {
  /** The open checkout, if any. */
  checkout: CheckoutState | null;
}

export const initialPaymentsState: PaymentsState = { checkout: null };

const paymentsSlice = createSlice({
  name: 'payments',
  initialState: initialPaymentsState,
  reducers: {
    /** docs/product.md §4 step 7: an order came back with the booking. */
    checkoutRequested(state, action: PayloadAction<CheckoutRequest>) {
      state.checkout = { ...action.payload, confirming: false, unconfirmed: null, error: null };
    },
    /** The person closed the checkout; ignored while the payment is being confirmed. */
    checkoutDismissed(state) {
      if (!state.checkout?.confirming) state.checkout = null;
    },
    paymentFailed(state, action: PayloadAction<string>) {
      if (state.checkout) state.checkout.error = action.payload;
    },
    paymentConfirming(state) {
      if (!state.checkout) return;
      state.checkout.confirming = true;
      state.checkout.error = null;
    },
    paymentConfirmFailed(state, action: PayloadAction<{ result: PaymentResult; message: string }>) {
      if (!state.checkout) return;
      state.checkout.confirming = false;
      state.checkout.unconfirmed = action.payload.result;
      state.checkout.error = action.payload.message;
    },
    paymentRetried() {},
    /** The checkout of this order ends (a later order's checkout stays). */
    checkoutClosed(state, action: PayloadAction<string>) {
      if (state.checkout?.order.id === action.payload) state.checkout = null;
    },
  },
});

export const {
  checkoutRequested,
  checkoutDismissed,
  paymentFailed,
  paymentConfirming,
  paymentConfirmFailed,
  paymentRetried,
  checkoutClosed,
} = paymentsSlice.actions;
export const paymentsReducer = paymentsSlice.reducer;

export interface WithPayments {
  payments: PaymentsState;
}

export const selectCheckout = (state: WithPayments): CheckoutState | null => state.payments.checkout;
