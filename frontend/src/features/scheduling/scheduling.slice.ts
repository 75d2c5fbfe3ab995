import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ApplyTemplate,
  Availability,
  ScheduleTemplate,
  ScheduleTemplateInput,
  TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { PathErrors } from '../../ui/use-schema-form';

/** Messages by field path as the form names it (`date`, `workingHours.0.endTime`). */
export type { PathErrors };

/** A refused command: a message for the whole form and, for a 400, one per bad field. */
export interface CommandFailure {
  message: string;
  fieldErrors: PathErrors;
}

interface CommandState {
  saving: boolean;
  error: string | null;
  fieldErrors: PathErrors;
}

const idleCommand: CommandState = { saving: false, error: null, fieldErrors: {} };

export interface SchedulingState {
  /** The chosen service chip (a service name), or null for All Services. */
  filter: string | null;
  /** `date`: the day the form starts on, when it was opened from the calendar. */
  slotForm: CommandState & { open: boolean; date?: string };
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
  /** The template being applied to a week. */
  applying: CommandState & { target: ScheduleTemplate | null };
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

const failed = (state: CommandState, failure: CommandFailure) => {
  state.saving = false;
  state.error = failure.message;
  state.fieldErrors = failure.fieldErrors;
};

const started = (state: CommandState) => {
  state.saving = true;
  state.error = null;
  state.fieldErrors = {};
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
    timeSlotFormClosed(state) {
      state.slotForm = { ...idleCommand, open: false };
    },
    timeSlotSubmitted(state, _action: PayloadAction<TimeSlotForm>) {
      started(state.slotForm);
    },
    timeSlotAdded(state) {
      state.slotForm = { ...idleCommand, open: false };
    },
    timeSlotAddFailed(state, action: PayloadAction<CommandFailure>) {
      failed(state.slotForm, action.payload);
    },

    availabilityOpened(state) {
      state.availability = { ...idleCommand, open: true };
    },
    availabilityClosed(state) {
      state.availability = { ...initialSchedulingState.availability };
    },
    availabilitySubmitted(state, _action: PayloadAction<Availability>) {
      started(state.availability);
    },
    availabilitySaved(state) {
      state.availability = { ...initialSchedulingState.availability };
    },
    availabilitySaveFailed(state, action: PayloadAction<CommandFailure>) {
      failed(state.availability, action.payload);
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
    templateSubmitted(state, _action: PayloadAction<ScheduleTemplateInput>) {
      started(state.editor);
    },
    /** Saved: the list's answer is patched by the saga. */
    templateSaved(state, _action: PayloadAction<ScheduleTemplate>) {
      state.editor = { ...idleCommand, target: null };
    },
    templateSaveFailed(state, action: PayloadAction<CommandFailure>) {
      failed(state.editor, action.payload);
    },
    templateDuplicateClicked(state, action: PayloadAction<string>) {
      state.templates.busyIds.push(action.payload);
      state.templates.actionError = null;
    },
    templateDuplicated(state, action: PayloadAction<{ sourceId: string; template: ScheduleTemplate }>) {
      notBusy(state, action.payload.sourceId);
    },
    templateDeleteAsked(state, action: PayloadAction<ScheduleTemplate>) {
      state.deleting = action.payload;
    },
    templateDeleteCancelled(state) {
      state.deleting = null;
    },
    templateDeleteConfirmed(state, action: PayloadAction<string>) {
      state.deleting = null;
      state.templates.busyIds.push(action.payload);
      state.templates.actionError = null;
    },
    templateDeleted(state, action: PayloadAction<string>) {
      notBusy(state, action.payload);
    },
    templateActionFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      notBusy(state, action.payload.id);
      state.templates.actionError = action.payload.message;
    },
    templateApplyOpened(state, action: PayloadAction<ScheduleTemplate>) {
      state.applying = { ...idleCommand, target: action.payload };
    },
    templateApplyClosed(state) {
      state.applying = { ...idleCommand, target: null };
    },
    templateApplySubmitted(state, _action: PayloadAction<ApplyTemplate>) {
      started(state.applying);
    },
    templateApplied(state) {
      state.applying = { ...idleCommand, target: null };
    },
    templateApplyFailed(state, action: PayloadAction<CommandFailure>) {
      failed(state.applying, action.payload);
    },
  },
});

export const {
  scheduleManagementOpened,
  serviceFilterChosen,
  timeSlotFormOpened,
  timeSlotFormClosed,
  timeSlotSubmitted,
  timeSlotAdded,
  timeSlotAddFailed,
  availabilityOpened,
  availabilityClosed,
  availabilitySubmitted,
  availabilitySaved,
  availabilitySaveFailed,
  templatesPageOpened,
  templateEditorOpened,
  templateEditorClosed,
  templateSubmitted,
  templateSaved,
  templateSaveFailed,
  templateDuplicateClicked,
  templateDuplicated,
  templateDeleteAsked,
  templateDeleteCancelled,
  templateDeleteConfirmed,
  templateDeleted,
  templateActionFailed,
  templateApplyOpened,
  templateApplyClosed,
  templateApplySubmitted,
  templateApplied,
  templateApplyFailed,
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
