import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../lib/api';
import { appointmentsReducer } from '../features/appointments/appointments.slice';
import { authReducer } from '../features/auth/auth.slice';
import { bookingReducer } from '../features/booking/booking.slice';
import { chatReducer } from '../features/chat/chat.slice';
import { dashboardReducer } from '../features/dashboard/dashboard.slice';
import { paymentsReducer } from '../features/payments/payments.slice';
import { profileReducer } from '../features/profile/profile.slice';
import { providerApprovalReducer } from '../features/providers/provider-approval.slice';
import { providersReducer } from '../features/providers/providers.slice';
import { schedulingReducer } from '../features/scheduling/scheduling.slice';
import { servicesReducer } from '../features/services/services.slice';
import { settingsReducer } from '../features/settings/settings.slice';
import { themeReducer } from '../lib/theme/theme.slice';
import { NAVIGATE_CONTEXT, type Navigate } from '../lib/navigation';
import { rootSaga } from './root.saga';
import { selectProfileTimeZone, sessionReducer } from '../lib/session.slice';
import { setProfileTimeZone } from '../lib/locale-format';
import { shellReducer } from '../lib/shell.slice';
import { toastReducer } from '../lib/toast.slice';

const rootReducer = combineReducers({
  session: sessionReducer,
  shell: shellReducer,
  toast: toastReducer,
  theme: themeReducer,
  auth: authReducer,
  chat: chatReducer,
  dashboard: dashboardReducer,
  profile: profileReducer,
  settings: settingsReducer,
  providerApproval: providerApprovalReducer,
  services: servicesReducer,
  booking: bookingReducer,
  providers: providersReducer,
  scheduling: schedulingReducer,
  appointments: appointmentsReducer,
  payments: paymentsReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreDependencies {
  /** The router's navigate, for sagas that finish on another screen. */
  navigate?: Navigate;
}

export const createAppStore = (preloadedState?: Partial<RootState>, dependencies: StoreDependencies = {}) => {
  const sagaMiddleware = createSagaMiddleware({
    context: { [NAVIGATE_CONTEXT]: dependencies.navigate },
    onError: (error, { sagaStack }) => console.error('A saga failed', error, sagaStack),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  // "Your time" is written in the zone the person chose on their profile, once the session says it.
  store.subscribe(() => setProfileTimeZone(selectProfileTimeZone(store.getState())));
  return store;
};

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
