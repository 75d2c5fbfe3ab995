import type { SagaIterator } from 'redux-saga';

// Skeleton: the booking feature fills this in (issue 4).
export function* bookingSaga(): SagaIterator {}
