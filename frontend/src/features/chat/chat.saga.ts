import type { SagaIterator } from 'redux-saga';
import { call, delay, put, select, takeLatest } from 'redux-saga/effects';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { INTEGRATION_SETTINGS_PATHS, type ChatReply } from '@appointment/contracts/integration-settings';
import { api } from '../../lib/api-client';
import { botReplied, messageSent, selectChatProvider } from './chat.slice';

const now = () => new Date().toISOString();
const newId = () => `msg-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * docs/product.md §2.2 and §7.8 POST /chat: the message goes to the assistant of the
 * provider on screen, which answers from its templates or its model; otherwise, or when the
 * call fails, the agent's hand-over line. The answer never comes sooner than about 1 s.
 */
function* reply(action: ReturnType<typeof messageSent>): SagaIterator {
  const started = Date.now();
  const providerId: string | null = yield select(selectChatProvider);
  let answer: ChatReply | undefined;
  try {
    answer = yield call(api.post<ChatReply>, INTEGRATION_SETTINGS_PATHS.chat, {
      message: action.payload.content,
      type: 'text',
      context: providerId ? { providerId } : {},
    });
  } catch {
    answer = undefined;
  }
  yield delay(Math.max(0, DELAYS_MS.chatBotReply - (Date.now() - started)));
  const id: string = yield call(newId);
  const timestamp: string = yield call(now);
  yield put(botReplied(id, timestamp, answer && answer.source !== 'agent' ? answer.reply : undefined));
}

export function* chatSaga(): SagaIterator {
  yield takeLatest(messageSent.type, reply);
}
