import type { SagaIterator } from 'redux-saga';

// Skeleton: the services feature fills this in (issue 4).
export function* servicesSaga(): SagaIterator {}
