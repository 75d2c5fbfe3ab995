import type { SagaIterator } from 'redux-saga';
import { spawn } from 'redux-saga/effects';
import { appointmentsSaga } from '../features/appointments/appointments.saga';
import { authSaga } from '../features/auth/auth.saga';
import { bookingSaga } from '../features/booking/booking.saga';
import { chatSaga } from '../features/chat/chat.saga';
import { dashboardSaga } from '../features/dashboard/dashboard.saga';
import { notificationsSaga } from '../features/notifications/notifications.saga';
import { paymentsSaga } from '../features/payments/payments.saga';
import { profileSaga } from '../features/profile/profile.saga';
import { settingsSaga } from '../features/settings/settings.saga';
import { waitlistSaga } from '../features/waitlist/waitlist.saga';
import { themeSaga } from '../lib/theme/theme.saga';
import { sessionSaga } from '../lib/session.saga';
import { toastSaga } from '../lib/toast.saga';

/** Each feature saga runs detached (`spawn`), so one that fails does not stop the others. */
const featureSagas: (() => SagaIterator)[] = [
  themeSaga,
  toastSaga,
  authSaga,
  notificationsSaga,
  chatSaga,
  dashboardSaga,
  profileSaga,
  settingsSaga,
  bookingSaga,
  appointmentsSaga,
  paymentsSaga,
  waitlistSaga,
  // Last: its start-up check may answer at once, and the others must already be listening.
  sessionSaga,
];

export function* rootSaga(): SagaIterator {
  for (const saga of featureSagas) {
    yield spawn(saga);
  }
}
