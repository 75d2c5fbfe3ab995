import type { SagaIterator } from 'redux-saga';
import { spawn } from 'redux-saga/effects';
import { themeSaga } from '../features/theme/theme.saga';

/** Each feature saga runs detached (`spawn`), so one that fails does not stop the others. */
const featureSagas: (() => SagaIterator)[] = [themeSaga];

export function* rootSaga(): SagaIterator {
  for (const saga of featureSagas) {
    yield spawn(saga);
  }
}
