import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Service } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import type {
  ApplyTemplate,
  Availability,
  ScheduleTemplate,
  ScheduleTemplateInput,
  TimeSlot,
  TimeSlotForm,
} from '@appointment/contracts/schedule';
import { ApiError } from '../../lib/api-client';
import { toastShown } from '../../lib/toast.slice';
import {
  addTimeSlot,
  applyTemplate,
  deleteTemplate,
  duplicateTemplate,
  fetchAvailability,
  fetchProviderServices,
  fetchTemplates,
  fetchTimeSlots,
  saveAvailability,
  saveTemplate,
} from './scheduling.api';
import {
  availabilityLoaded,
  availabilityLoadFailed,
  availabilityOpened,
  availabilitySaved,
  availabilitySaveFailed,
  availabilitySubmitted,
  scheduleManagementOpened,
  selectSchedulingFilter,
  serviceFilterChosen,
  servicesLoaded,
  servicesLoadFailed,
  templateActionFailed,
  templateApplied,
  templateApplyFailed,
  templateApplySubmitted,
  templateDeleteConfirmed,
  templateDeleted,
  templateDuplicateClicked,
  templateDuplicated,
  templateSaved,
  templateSaveFailed,
  templatesLoaded,
  templatesLoadFailed,
  templatesPageOpened,
  templateSubmitted,
  timeSlotAdded,
  timeSlotAddFailed,
  timeSlotsLoaded,
  timeSlotsLoadFailed,
  timeSlotSubmitted,
  type CommandFailure,
} from './scheduling.slice';

/** How long a confirmation stays on screen. */
const NOTICE_MS = 3000;

/** The server's reason, with its field messages keyed by field path (contracts/src/errors.ts). */
export const failureOf = (error: unknown): CommandFailure => {
  if (!(error instanceof ApiError)) return { message: MESSAGES.genericError, fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const { field, message } of error.body.errors ?? []) {
    if (!(field in fieldErrors)) fieldErrors[field] = message;
  }
  return { message: error.message, fieldErrors };
};

function* loadServices(): SagaIterator {
  try {
    const services: Service[] = yield call(fetchProviderServices);
    yield put(servicesLoaded(services));
  } catch (error) {
    console.error('Failed to load the services', error);
    yield put(servicesLoadFailed());
  }
}

function* loadTimeSlots(): SagaIterator {
  const filter: string | null = yield select(selectSchedulingFilter);
  try {
    const slots: TimeSlot[] = yield call(fetchTimeSlots, filter);
    yield put(timeSlotsLoaded(slots));
  } catch (error) {
    console.error('Failed to load the time slots', error);
    yield put(timeSlotsLoadFailed(MESSAGES.timeSlotsLoadFailed));
  }
}

function* openScheduleManagement(): SagaIterator {
  yield all([call(loadServices), call(loadTimeSlots)]);
}

function* submitTimeSlot(action: PayloadAction<TimeSlotForm>): SagaIterator {
  try {
    yield call(addTimeSlot, action.payload);
    yield put(timeSlotAdded());
    yield put(toastShown(MESSAGES.timeSlotAdded, NOTICE_MS));
    yield call(loadTimeSlots);
  } catch (error) {
    console.error('Failed to add the time slot', error);
    yield put(timeSlotAddFailed(failureOf(error)));
  }
}

function* loadAvailability(): SagaIterator {
  try {
    const availability: Availability = yield call(fetchAvailability);
    yield put(availabilityLoaded(availability));
  } catch (error) {
    console.error('Failed to load the availability', error);
    yield put(availabilityLoadFailed(error instanceof ApiError ? error.message : MESSAGES.genericError));
  }
}

function* submitAvailability(action: PayloadAction<Availability>): SagaIterator {
  try {
    yield call(saveAvailability, action.payload);
    yield put(availabilitySaved());
    yield put(toastShown(MESSAGES.availabilitySaved, NOTICE_MS));
  } catch (error) {
    console.error('Failed to save the availability', error);
    yield put(availabilitySaveFailed(failureOf(error)));
  }
}

function* loadTemplates(): SagaIterator {
  try {
    const templates: ScheduleTemplate[] = yield call(fetchTemplates);
    yield put(templatesLoaded(templates));
  } catch (error) {
    console.error('Failed to load the schedule templates', error);
    // A platform account has no templates: the server says so with a 404 (MESSAGES.needsProvider).
    yield put(
      templatesLoadFailed(
        error instanceof ApiError && error.status === 404 ? error.message : MESSAGES.genericError,
      ),
    );
  }
}

function* submitTemplate(action: PayloadAction<ScheduleTemplateInput>): SagaIterator {
  try {
    const template: ScheduleTemplate = yield call(saveTemplate, action.payload);
    yield put(templateSaved(template));
    yield put(toastShown(MESSAGES.templateSaved, NOTICE_MS));
  } catch (error) {
    console.error('Failed to save the template', error);
    yield put(templateSaveFailed(failureOf(error)));
  }
}

function* duplicate(action: PayloadAction<string>): SagaIterator {
  try {
    const template: ScheduleTemplate = yield call(duplicateTemplate, action.payload);
    yield put(templateDuplicated({ sourceId: action.payload, template }));
  } catch (error) {
    console.error('Failed to duplicate the template', error);
    yield put(templateActionFailed({ id: action.payload, message: failureOf(error).message }));
  }
}

function* remove(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(deleteTemplate, action.payload);
    yield put(templateDeleted(action.payload));
    yield put(toastShown(MESSAGES.templateDeleted, NOTICE_MS));
  } catch (error) {
    console.error('Failed to delete the template', error);
    yield put(templateActionFailed({ id: action.payload, message: failureOf(error).message }));
  }
}

function* apply(action: PayloadAction<ApplyTemplate>): SagaIterator {
  try {
    yield call(applyTemplate, action.payload);
    yield put(templateApplied());
    yield put(toastShown(MESSAGES.templateApplied, NOTICE_MS));
  } catch (error) {
    console.error('Failed to apply the template', error);
    yield put(templateApplyFailed(failureOf(error)));
  }
}

export function* schedulingSaga(): SagaIterator {
  yield takeLatest(scheduleManagementOpened.type, openScheduleManagement);
  yield takeLatest(serviceFilterChosen.type, loadTimeSlots);
  yield takeLeading(timeSlotSubmitted.type, submitTimeSlot);
  yield takeLatest(availabilityOpened.type, loadAvailability);
  yield takeLeading(availabilitySubmitted.type, submitAvailability);
  yield takeLatest(templatesPageOpened.type, loadTemplates);
  yield takeLeading(templateSubmitted.type, submitTemplate);
  yield takeEvery(templateDuplicateClicked.type, duplicate);
  yield takeEvery(templateDeleteConfirmed.type, remove);
  yield takeLeading(templateApplySubmitted.type, apply);
}
