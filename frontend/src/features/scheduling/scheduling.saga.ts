import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import type {
  ApplyTemplate,
  Availability,
  ScheduleTemplate,
  ScheduleTemplateInput,
  TimeSlotForm,
} from '@appointment/contracts/schedule';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { toastShown } from '../../lib/toast.slice';
import { schedulingQueries } from './scheduling.queries';
import {
  addTimeSlot,
  applyTemplate,
  deleteTemplate,
  duplicateTemplate,
  saveAvailability,
  saveTemplate,
} from './scheduling.api';
import {
  availabilitySaved,
  availabilitySaveFailed,
  availabilitySubmitted,
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
  templateSubmitted,
  timeSlotAdded,
  timeSlotAddFailed,
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

function* submitTimeSlot(action: PayloadAction<TimeSlotForm>): SagaIterator {
  try {
    yield call(addTimeSlot, action.payload);
    yield put(timeSlotAdded());
    yield put(toastShown(MESSAGES.timeSlotAdded, NOTICE_MS));
    // The list, the calendar and the booking screen's slots read again.
    yield put(api.util.invalidateTags(['Slot']));
  } catch (error) {
    console.error('Failed to add the time slot', error);
    yield put(timeSlotAddFailed(failureOf(error)));
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

/** The templates as read, changed in place by a save, a duplicate or a delete. */
function* patchTemplates(recipe: (templates: ScheduleTemplate[]) => void): SagaIterator {
  yield put(schedulingQueries.util.updateQueryData('templates', undefined, recipe));
}

function* submitTemplate(action: PayloadAction<ScheduleTemplateInput>): SagaIterator {
  try {
    const template: ScheduleTemplate = yield call(saveTemplate, action.payload);
    yield put(templateSaved(template));
    yield call(patchTemplates, (templates) => {
      const at = templates.findIndex((item) => item.id === template.id);
      if (at >= 0) templates[at] = template;
      else templates.push(template);
    });
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
    yield call(patchTemplates, (templates) => {
      templates.push(template);
    });
  } catch (error) {
    console.error('Failed to duplicate the template', error);
    yield put(templateActionFailed({ id: action.payload, message: failureOf(error).message }));
  }
}

function* remove(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(deleteTemplate, action.payload);
    yield put(templateDeleted(action.payload));
    yield call(patchTemplates, (templates) => {
      const at = templates.findIndex((item) => item.id === action.payload);
      if (at >= 0) templates.splice(at, 1);
    });
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
    yield put(api.util.invalidateTags(['Slot']));
  } catch (error) {
    console.error('Failed to apply the template', error);
    yield put(templateApplyFailed(failureOf(error)));
  }
}

export function* schedulingSaga(): SagaIterator {
  yield takeLeading(timeSlotSubmitted.type, submitTimeSlot);
  yield takeLeading(availabilitySubmitted.type, submitAvailability);
  yield takeLeading(templateSubmitted.type, submitTemplate);
  yield takeEvery(templateDuplicateClicked.type, duplicate);
  yield takeEvery(templateDeleteConfirmed.type, remove);
  yield takeLeading(templateApplySubmitted.type, apply);
}
