import type { SagaIterator } from 'redux-saga';

// Skeleton: the providers feature fills this in (issue 4).
export function* providersSaga(): SagaIterator {}
