import type { SagaIterator } from 'redux-saga';
import { call, delay, put, takeLatest } from 'redux-saga/effects';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { botReplied, messageSent } from './chat.slice';

const now = () => new Date().toISOString();
const newId = () => `msg-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** docs/product.md §2.2: a local simulation; about 1 s after a user message the bot answers. No server call. */
function* reply(): SagaIterator {
  yield delay(DELAYS_MS.chatBotReply);
  const id: string = yield call(newId);
  const timestamp: string = yield call(now);
  yield put(botReplied(id, timestamp));
}

export function* chatSaga(): SagaIterator {
  yield takeLatest(messageSent.type, reply);
}
