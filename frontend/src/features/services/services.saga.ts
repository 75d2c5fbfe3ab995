import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Service } from '@appointment/contracts/catalogue';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { providerServicesApi } from '../../lib/provider-services.api';
import { toastShown } from '../../lib/toast.slice';
import { addService, deleteService, editService, saveProviderCurrency } from './services.api';
import {
  currencySaved,
  currencySaveFailed,
  currencySubmitted,
  deleteServiceConfirmed,
  serviceDeleted,
  serviceDeleteFailed,
  serviceSaveFailed,
  serviceSubmitted,
  serviceSaved,
  type ServiceFieldErrors,
  type ServiceSubmission,
} from './services.slice';

/** docs/product.md §9: a toast stays 3 s (the one toast length the constants name). */
const TOAST_MS = DELAYS_MS.registrationToast;

/** A refusal the server explained (4xx) keeps its reason; a network or server failure gets ours. */
const reasonOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

/**
 * The server's 400 errors[] by form field. The edit call nests the form under `data`, so its
 * fields may come back as `data.name`; the form shows the first message of each field.
 */
const fieldErrorsOf = (error: unknown): ServiceFieldErrors => {
  const fieldErrors: ServiceFieldErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400) return fieldErrors;
  for (const { field, message } of error.body.errors ?? []) {
    const name = field.replace(/^data\./, '').split('.')[0];
    if (name && !(name in fieldErrors)) fieldErrors[name] = message;
  }
  return fieldErrors;
};

/** The fields the form shows a message under. */
const FORM_FIELDS: readonly string[] = ['name', 'description', 'duration', 'price'];

/**
 * The form-level message: none when every reason already sits under its field, else the
 * server's reason (or ours).
 */
const formMessageOf = (error: unknown, fieldErrors: ServiceFieldErrors): string | null => {
  const fields = Object.keys(fieldErrors);
  if (fields.length > 0 && fields.every((field) => FORM_FIELDS.includes(field))) return null;
  return reasonOf(error, MESSAGES.serviceSaveFailed);
};

/**
 * The list changes in place at once (as the answer says), then every read of the services and
 * of the slots named after them (booking screen, schedule) reads again.
 */
function* patchServices(recipe: (items: Service[]) => void): SagaIterator {
  yield put(providerServicesApi.util.updateQueryData('ownServices', undefined, recipe));
  yield put(api.util.invalidateTags(['Service', 'Slot']));
}

function* saveCurrency(action: PayloadAction<string>): SagaIterator {
  try {
    const currency: string = yield call(saveProviderCurrency, action.payload);
    yield put(currencySaved(currency));
    yield put(providerServicesApi.util.upsertQueryData('ownCurrency', undefined, currency));
    yield call(patchServices, (items) => {
      for (const service of items) service.currency = currency;
    });
    yield put(toastShown(MESSAGES.currencySaved, TOAST_MS));
  } catch (error) {
    console.error('Failed to save the currency', error);
    yield put(currencySaveFailed(reasonOf(error, MESSAGES.currencySaveFailed)));
  }
}

function* saveService(action: PayloadAction<ServiceSubmission>): SagaIterator {
  const { id, data } = action.payload;
  try {
    if (id === undefined) {
      const service: Service = yield call(addService, data);
      yield put(serviceSaved(service));
      yield call(patchServices, (items) => {
        items.push(service);
      });
      yield put(toastShown(MESSAGES.serviceAdded, TOAST_MS));
    } else {
      const service: Service = yield call(editService, id, data);
      yield put(serviceSaved(service));
      yield call(patchServices, (items) => {
        const index = items.findIndex((item) => item._id === service._id);
        if (index >= 0) items[index] = service;
        else items.push(service);
      });
      yield put(toastShown(MESSAGES.serviceUpdated, TOAST_MS));
    }
  } catch (error) {
    console.error('Failed to save the service', error);
    const fieldErrors = fieldErrorsOf(error);
    yield put(serviceSaveFailed({ message: formMessageOf(error, fieldErrors), fieldErrors }));
  }
}

function* removeService(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  try {
    yield call(deleteService, id);
    yield put(serviceDeleted(id));
    yield call(patchServices, (items) => {
      const index = items.findIndex((item) => item._id === id);
      if (index >= 0) items.splice(index, 1);
    });
    yield put(toastShown(MESSAGES.serviceDeleted, TOAST_MS));
  } catch (error) {
    console.error('Failed to delete the service', error);
    yield put(serviceDeleteFailed(reasonOf(error, MESSAGES.serviceDeleteFailed)));
  }
}

export function* servicesSaga(): SagaIterator {
  yield takeLeading(currencySubmitted.type, saveCurrency);
  yield takeLeading(serviceSubmitted.type, saveService);
  yield takeLeading(deleteServiceConfirmed.type, removeService);
}
