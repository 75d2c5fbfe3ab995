import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiErrorOf } from '../../lib/api';
import type { ScheduleTemplate, SkippedDay, TimeSlot } from '@appointment/contracts/schedule';
import type { PathErrors } from '../../ui/use-schema-form';
import { schedulingApi } from './scheduling.api';

/** Messages by field path as the form names it (`date`, `workingHours.0.endTime`). */
export type { PathErrors };

/** A refused command: a message for the whole form and, for a 400, one per bad field. */
export interface CommandFailure {
  message: string;
  fieldErrors: PathErrors;
  /** Issue 30: the bookings a change of a time slot would drop, as the server names them. */
  affected: string[];
}

interface CommandState {
  saving: boolean;
  error: string | null;
  fieldErrors: PathErrors;
  affected: string[];
}

const idleCommand: CommandState = { saving: false, error: null, fieldErrors: {}, affected: [] };

export interface SchedulingState {
  /** The chosen service chip (a service name), or null for All Services. */
  filter: string | null;
  /** `date`: the day the form starts on, when it was opened from the calendar. */
  slotForm: CommandState & { open: boolean; date?: string; editing?: TimeSlot };
  availability: CommandState & { open: boolean };
  templates: {
    /** Ids of templates with a duplicate or delete under way. */
    busyIds: string[];
    actionError: string | null;
  };
  /** The template being edited: a template, 'new', or null when the editor is closed. */
  editor: CommandState & { target: ScheduleTemplate | 'new' | null };
  /** The template about to be deleted, waiting for confirmation. */
  deleting: ScheduleTemplate | null;
  /**
   * The template being applied to a week, and, once applied, the days it skipped (issue 30): the form
   * stays open to show them.
   */
  applying: CommandState & { target: ScheduleTemplate | null; skipped?: SkippedDay[] };
}

export const initialSchedulingState: SchedulingState = {
  filter: null,
  slotForm: { ...idleCommand, open: false },
  availability: { ...idleCommand, open: false },
  templates: { busyIds: [], actionError: null },
  editor: { ...idleCommand, target: null },
  deleting: null,
  applying: { ...idleCommand, target: null },
};

/** The server's reason, with its field messages keyed by field path (contracts/src/errors.ts). */
export const failureOf = (rejected: { payload?: unknown; error?: unknown }): CommandFailure => {
  if (rejected.payload === undefined)
    return { message: MESSAGES.genericError, fieldErrors: {}, affected: [] };
  const error = apiErrorOf(rejected);
  const fieldErrors: Record<string, string> = {};
  const affected: string[] = [];
  for (const { field, message } of error.body.errors ?? []) {
    // The bookings a change would cancel, and the waitlist's offered places it would withdraw.
    if (field === 'bookings' || field === 'offers') affected.push(message);
    else if (!(field in fieldErrors)) fieldErrors[field] = message;
  }
  return { message: error.message, fieldErrors, affected };
};

const failed = (state: CommandState, failure: CommandFailure) => {
  state.saving = false;
  state.error = failure.message;
  state.fieldErrors = failure.fieldErrors;
  state.affected = failure.affected;
};

const started = (state: CommandState) => {
  state.saving = true;
  state.error = null;
  state.fieldErrors = {};
  state.affected = [];
};

const notBusy = (state: SchedulingState, id: string) => {
  state.templates.busyIds = state.templates.busyIds.filter((busy) => busy !== id);
};

const schedulingSlice = createSlice({
  name: 'scheduling',
  initialState: initialSchedulingState,
  reducers: {
    scheduleManagementOpened(state) {
      state.filter = null;
    },
    serviceFilterChosen(state, action: PayloadAction<string | null>) {
      state.filter = action.payload;
    },

    timeSlotFormOpened(state, action: PayloadAction<{ date: string } | undefined>) {
      state.slotForm = {
        ...idleCommand,
        open: true,
        ...(action.payload ? { date: action.payload.date } : {}),
      };
    },
    /** Issue 30: the same form, filled in with a time slot, to change it. */
    timeSlotEditOpened(state, action: PayloadAction<TimeSlot>) {
      state.slotForm = { ...idleCommand, open: true, editing: action.payload };
    },
    timeSlotFormClosed(state) {
      state.slotForm = { ...idleCommand, open: false };
    },

    availabilityOpened(state) {
      state.availability = { ...idleCommand, open: true };
    },
    availabilityClosed(state) {
      state.availability = { ...initialSchedulingState.availability };
    },

    templatesPageOpened(state) {
      state.templates = { busyIds: [], actionError: null };
      state.editor = { ...idleCommand, target: null };
      state.deleting = null;
      state.applying = { ...idleCommand, target: null };
    },
    templateEditorOpened(state, action: PayloadAction<ScheduleTemplate | 'new'>) {
      state.editor = { ...idleCommand, target: action.payload };
    },
    templateEditorClosed(state) {
      state.editor = { ...idleCommand, target: null };
    },
    templateDeleteAsked(state, action: PayloadAction<ScheduleTemplate>) {
      state.deleting = action.payload;
    },
    templateDeleteCancelled(state) {
      state.deleting = null;
    },
    templateApplyOpened(state, action: PayloadAction<ScheduleTemplate>) {
      state.applying = { ...idleCommand, target: action.payload };
    },
    templateApplyClosed(state) {
      state.applying = { ...idleCommand, target: null };
    },
  },
  extraReducers: (builder) => {
    const {
      addTimeSlot,
      editTimeSlot,
      saveAvailability,
      saveTemplate,
      duplicateTemplate,
      deleteTemplate,
      applyTemplate,
    } = schedulingApi.endpoints;
    builder
      .addMatcher(isAnyOf(addTimeSlot.matchPending, editTimeSlot.matchPending), (state) => {
        started(state.slotForm);
      })
      .addMatcher(isAnyOf(addTimeSlot.matchFulfilled, editTimeSlot.matchFulfilled), (state) => {
        state.slotForm = { ...idleCommand, open: false };
      })
      .addMatcher(isAnyOf(addTimeSlot.matchRejected, editTimeSlot.matchRejected), (state, action) => {
        failed(state.slotForm, failureOf(action));
      })
      .addMatcher(saveAvailability.matchPending, (state) => {
        started(state.availability);
      })
      .addMatcher(saveAvailability.matchFulfilled, (state) => {
        state.availability = { ...initialSchedulingState.availability };
      })
      .addMatcher(saveAvailability.matchRejected, (state, action) => {
        failed(state.availability, failureOf(action));
      })
      .addMatcher(saveTemplate.matchPending, (state) => {
        started(state.editor);
      })
      // Saved: the editor closes; the list's answer is patched by the endpoint.
      .addMatcher(saveTemplate.matchFulfilled, (state) => {
        state.editor = { ...idleCommand, target: null };
      })
      .addMatcher(saveTemplate.matchRejected, (state, action) => {
        failed(state.editor, failureOf(action));
      })
      .addMatcher(duplicateTemplate.matchPending, (state, action) => {
        state.templates.busyIds.push(action.meta.arg.originalArgs);
        state.templates.actionError = null;
      })
      .addMatcher(deleteTemplate.matchPending, (state, action) => {
        state.deleting = null;
        state.templates.busyIds.push(action.meta.arg.originalArgs);
        state.templates.actionError = null;
      })
      .addMatcher(
        isAnyOf(duplicateTemplate.matchFulfilled, deleteTemplate.matchFulfilled),
        (state, action) => {
          notBusy(state, action.meta.arg.originalArgs);
        },
      )
      .addMatcher(isAnyOf(duplicateTemplate.matchRejected, deleteTemplate.matchRejected), (state, action) => {
        notBusy(state, action.meta.arg.originalArgs);
        state.templates.actionError = failureOf(action).message;
      })
      .addMatcher(applyTemplate.matchPending, (state) => {
        started(state.applying);
      })
      .addMatcher(applyTemplate.matchFulfilled, (state, action) => {
        const skipped = action.payload.skipped ?? [];
        state.applying =
          skipped.length > 0
            ? { ...idleCommand, target: state.applying.target, skipped }
            : { ...idleCommand, target: null };
      })
      .addMatcher(applyTemplate.matchRejected, (state, action) => {
        failed(state.applying, failureOf(action));
      });
  },
});

export const {
  scheduleManagementOpened,
  serviceFilterChosen,
  timeSlotFormOpened,
  timeSlotEditOpened,
  timeSlotFormClosed,
  availabilityOpened,
  availabilityClosed,
  templatesPageOpened,
  templateEditorOpened,
  templateEditorClosed,
  templateDeleteAsked,
  templateDeleteCancelled,
  templateApplyOpened,
  templateApplyClosed,
} = schedulingSlice.actions;
export const schedulingReducer = schedulingSlice.reducer;

export interface WithScheduling {
  scheduling: SchedulingState;
}

export const selectTimeSlotForm = (state: WithScheduling): SchedulingState['slotForm'] =>
  state.scheduling.slotForm;
export const selectAvailability = (state: WithScheduling): SchedulingState['availability'] =>
  state.scheduling.availability;
export const selectTemplates = (state: WithScheduling): SchedulingState['templates'] =>
  state.scheduling.templates;
export const selectTemplateEditor = (state: WithScheduling): SchedulingState['editor'] =>
  state.scheduling.editor;
export const selectTemplateDeleting = (state: WithScheduling): ScheduleTemplate | null =>
  state.scheduling.deleting;
export const selectTemplateApplying = (state: WithScheduling): SchedulingState['applying'] =>
  state.scheduling.applying;
export const selectSchedulingFilter = (state: WithScheduling): string | null => state.scheduling.filter;
