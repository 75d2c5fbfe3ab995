import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Theme } from '@appointment/contracts/constants';
import type { ColorScheme } from '../../ui/theme';
import { selectEffectiveScheme, systemSchemeChanged, themeChosen } from './theme.slice';
import { applySchemeClass, storeThemeChoice, systemSchemeQuery } from './theme.storage';

const systemSchemeChannel = (): EventChannel<ColorScheme> =>
  eventChannel<ColorScheme>((emit) => {
    const query = systemSchemeQuery();
    if (!query) return () => undefined;
    const onChange = (event: MediaQueryListEvent) => emit(event.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  });

function* watchSystemScheme(): SagaIterator {
  const channel: EventChannel<ColorScheme> = yield call(systemSchemeChannel);
  try {
    while (true) {
      const scheme: ColorScheme = yield take(channel);
      yield put(systemSchemeChanged(scheme));
    }
  } finally {
    channel.close();
  }
}

function* applyEffectiveScheme(): SagaIterator {
  const scheme: ColorScheme = yield select(selectEffectiveScheme);
  yield call(applySchemeClass, scheme);
}

function* persistChoice(action: PayloadAction<Theme>): SagaIterator {
  yield call(storeThemeChoice, action.payload);
}

export function* themeSaga(): SagaIterator {
  yield call(applyEffectiveScheme);
  yield fork(watchSystemScheme);
  yield takeEvery(themeChosen.type, persistChoice);
  yield takeEvery([themeChosen.type, systemSchemeChanged.type], applyEffectiveScheme);
}
