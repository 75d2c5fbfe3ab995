import type { SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** How sagas move between screens; main.tsx hands the router's navigate in as saga context. */
export type Navigate = (to: string, options?: NavigateOptions) => void;

export const NAVIGATE_CONTEXT = 'navigate';

export function* navigateTo(to: string, options?: NavigateOptions): SagaIterator {
  const navigate: Navigate | undefined = yield getContext(NAVIGATE_CONTEXT);
  if (navigate) yield call(navigate, to, options);
}
