import type { SagaIterator } from 'redux-saga';

// Skeleton: the scheduling feature fills this in (issue 4).
export function* schedulingSaga(): SagaIterator {}
