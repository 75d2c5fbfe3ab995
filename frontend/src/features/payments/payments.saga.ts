import type { EventChannel, SagaIterator } from 'redux-saga';
import {
  call,
  cancelled,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { viewerClockTime } from '../../lib/locale-format';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { PaymentResult } from '@appointment/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { loggedOut, selectSessionUser, sessionExpired } from '../../lib/session.slice';
import { themes } from '../../ui/theme';
import { toastShown } from '../../lib/toast.slice';
import {
  appointmentBooked,
  paymentConfirmed,
  payNowClicked,
  type PaidBookingResponse,
} from '../../lib/events';
import { selectEffectiveScheme } from '../../lib/theme/theme.slice';
import { confirmPayment, payAgain } from './payments.requests';
import {
  isSameOrigin,
  loadScript,
  razorpayChannel,
  sandboxChannel,
  type CheckoutOutcome,
  type RazorpayOptions,
} from './payments.checkout';
import {
  checkoutClosed,
  checkoutDismissed,
  checkoutRequested,
  paymentConfirmFailed,
  paymentConfirming,
  paymentFailed,
  paymentRetried,
  type CheckoutRequest,
} from './payments.slice';
import { CHECKOUT_DEFAULTS, paymentText } from './payments.texts';

/** docs/product.md §4 step 8: after a payment the app shows the appointments again. */
export const AFTER_PAYMENT = '/appointments';
export const TOAST_MS = 4000;
/** The unpaid-booking notes are longer; they stay a little longer. */
export const LONG_TOAST_MS = 8000;

type Session = ReturnType<typeof selectSessionUser>;

/** docs/product.md §7.7: key, amount, currency, name, description, order id, prefill and the theme colour. */
function* razorpayOptions(
  request: CheckoutRequest,
  keyId: string,
): SagaIterator<Omit<RazorpayOptions, 'handler' | 'modal'>> {
  const user: Session = yield select(selectSessionUser);
  const scheme: ReturnType<typeof selectEffectiveScheme> = yield select(selectEffectiveScheme);
  const { order } = request;
  return {
    key: keyId,
    amount: order.amount,
    currency: order.currency || CHECKOUT_DEFAULTS.currency,
    name: order.notes.service_name || request.serviceName || CHECKOUT_DEFAULTS.name,
    description: order.notes.service_description || CHECKOUT_DEFAULTS.description,
    order_id: order.id,
    prefill: {
      name: user?.name || CHECKOUT_DEFAULTS.prefill.name,
      email: user?.email || CHECKOUT_DEFAULTS.prefill.email,
      contact: CHECKOUT_DEFAULTS.prefill.contact,
    },
    theme: { color: themes[scheme].colors.primary },
  };
}

/**
 * docs/product.md §4 step 8: the result goes to the server; then the checkout closes and the appointments
 * show again, refreshed. A result the server could not verify ends the checkout; any other
 * failure keeps it open with "Try again", since the money may already have moved.
 */
function* sendResult(result: PaymentResult): SagaIterator<boolean> {
  const closed = checkoutClosed(result.orderId);
  yield put(paymentConfirming());
  try {
    const answer: { message: string } = yield call(confirmPayment, result);
    yield put(closed);
    yield put(toastShown(answer.message, TOAST_MS));
    yield call(navigateTo, AFTER_PAYMENT);
    // Already on /appointments the screen stays mounted: it loads again on this event.
    yield put(paymentConfirmed());
    return true;
  } catch (error) {
    console.error('Failed to confirm the payment', error);
    if (error instanceof ApiError && error.status === 400) {
      yield put(closed);
      yield put(toastShown(error.message, LONG_TOAST_MS));
      return true;
    }
    yield put(paymentConfirmFailed({ result, message: paymentText('confirmFailed') }));
    return false;
  }
}

/** Waits for a retry of an unconfirmed result, or for the checkout to be closed. */
function* retryUntilConfirmed(result: PaymentResult): SagaIterator {
  while (!(yield call(sendResult, result))) {
    const { dismissed }: { dismissed?: unknown } = yield race({
      retried: take(paymentRetried.type),
      dismissed: take(checkoutDismissed.type),
    });
    if (dismissed) {
      yield put(toastShown(paymentText('notConfirmed'), LONG_TOAST_MS));
      return;
    }
  }
}

/** The checkout's events: the sandbox page's messages, or the card provider's callbacks. */
function* openChannel(request: CheckoutRequest): SagaIterator<EventChannel<CheckoutOutcome>> {
  const { checkout, order } = request;
  if (checkout.gateway === 'sandbox') return yield call(sandboxChannel, order.id);
  const options: Omit<RazorpayOptions, 'handler' | 'modal'> = yield call(
    razorpayOptions,
    request,
    checkout.keyId,
  );
  return yield call(razorpayChannel, options);
}

/** docs/product.md §2.6, §4 step 7: runs one checkout, sandbox or card provider, until it is paid or given up. */
/** An unpaid end says until when the slot is held, when that is known. */
const unpaidText = (request: CheckoutRequest): string =>
  request.payBy
    ? paymentText('heldUntil', { time: viewerClockTime(request.payBy) ?? request.payBy })
    : paymentText('declined');

/**
 * docs/product.md §4 booking flow step 7: an order came back (with a booking, or again for "Pay now"), so
 * the payment checkout opens.
 */
export function* openCheckout(response: PaidBookingResponse | undefined): SagaIterator {
  const order = response?.order;
  if (!response || !order) return;
  if (!response.checkout) {
    console.error('A paid booking came back without a checkout', order.id);
    yield put(toastShown(paymentText('unavailable'), LONG_TOAST_MS));
    return;
  }
  yield put(
    checkoutRequested({
      appointmentId: response.appointment._id,
      serviceName: response.appointment.serviceName,
      order,
      checkout: response.checkout,
      ...(response.appointment.payBy ? { payBy: response.appointment.payBy } : {}),
    }),
  );
}

/** docs/product.md §4 booking flow step 7: a paid booking's checkout. */
function* checkoutAfterBooking(action: PayloadAction<PaidBookingResponse>): SagaIterator {
  yield call(openCheckout, action.payload);
}

/** "Pay now": the booking's order and a checkout again, or why not. */
function* payNow(action: PayloadAction<string>): SagaIterator {
  try {
    const response: PaidBookingResponse = yield call(payAgain, action.payload);
    yield call(openCheckout, response);
  } catch (error) {
    console.error('Failed to open the payment again', error);
    yield put(toastShown(error instanceof ApiError ? error.message : paymentText('failed'), TOAST_MS));
  }
}

function* runCheckout(action: PayloadAction<CheckoutRequest>): SagaIterator {
  const request = action.payload;
  const { checkout, order } = request;
  const closed = checkoutClosed(order.id);
  let channel: EventChannel<CheckoutOutcome> | null = null;
  let script: HTMLScriptElement | null = null;
  try {
    if (checkout.gateway === 'razorpay') script = yield call(loadScript, checkout.scriptUrl);
    else if (!isSameOrigin(checkout.url)) throw new Error('Refusing a checkout page of another origin');
    const events: EventChannel<CheckoutOutcome> = yield call(openChannel, request);
    channel = events;
    while (true) {
      const { outcome }: { outcome?: CheckoutOutcome } = yield race({
        outcome: take(events),
        dismissed: take(checkoutDismissed.type),
      });
      if (!outcome) {
        yield put(toastShown(unpaidText(request), LONG_TOAST_MS));
        return;
      }
      if (outcome.status === 'failed') {
        if (checkout.gateway === 'sandbox') yield put(paymentFailed(paymentText('failed')));
        else yield put(toastShown(paymentText('failed'), TOAST_MS));
        continue;
      }
      if (outcome.status === 'declined') {
        yield put(closed);
        yield put(toastShown(unpaidText(request), LONG_TOAST_MS));
        return;
      }
      // Paid: the checkout has done its part; listening stops before the result is sent.
      events.close();
      channel = null;
      script?.remove();
      script = null;
      yield call(retryUntilConfirmed, outcome.result);
      return;
    }
  } catch (error) {
    console.error('Failed to open the payment checkout', error);
    yield put(closed);
    yield put(toastShown(paymentText('unavailable'), LONG_TOAST_MS));
  } finally {
    channel?.close();
    // docs/product.md §7.7: the checkout script is removed when the checkout closes.
    script?.remove();
    if (yield cancelled()) yield put(closed);
  }
}

/** One checkout at a time; signing out ends it. */
function* followCheckouts(action: UnknownAction): SagaIterator {
  if (checkoutRequested.match(action)) yield call(runCheckout, action);
}

export function* paymentsSaga(): SagaIterator {
  // A new order, or the end of the session, ends a checkout still open (its listener and script go with it).
  yield takeLatest([checkoutRequested.type, loggedOut.type, sessionExpired.type], followCheckouts);
  yield takeLeading(payNowClicked.type, payNow);
  yield takeEvery(appointmentBooked.type, checkoutAfterBooking);
}
