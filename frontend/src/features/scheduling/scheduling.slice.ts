import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Service } from '@appointment/contracts/catalogue';
import type {
  ApplyTemplate,
  Availability,
  ScheduleTemplate,
  ScheduleTemplateInput,
  TimeSlot,
  TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { PathErrors } from '../../ui/use-schema-form';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

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
  services: { items: Service[]; status: LoadStatus };
  /** The chosen service chip (a service name), or null for All Services. */
  filter: string | null;
  slots: { items: TimeSlot[]; status: LoadStatus; error: string | null };
  /** `date`: the day the form starts on, when it was opened from the calendar. */
  slotForm: CommandState & { open: boolean; date?: string };
  availability: CommandState & {
    open: boolean;
    status: LoadStatus;
    loadError: string | null;
    data: Availability | null;
  };
  templates: {
    items: ScheduleTemplate[];
    status: LoadStatus;
    error: string | null;
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
  services: { items: [], status: 'idle' },
  filter: null,
  slots: { items: [], status: 'idle', error: null },
  slotForm: { ...idleCommand, open: false },
  availability: { ...idleCommand, open: false, status: 'idle', loadError: null, data: null },
  templates: { items: [], status: 'idle', error: null, busyIds: [], actionError: null },
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
      state.services.status = 'loading';
      state.slots.status = 'loading';
      state.slots.error = null;
    },
    servicesLoaded(state, action: PayloadAction<Service[]>) {
      state.services = { items: action.payload, status: 'loaded' };
    },
    servicesLoadFailed(state) {
      state.services = { items: [], status: 'failed' };
    },
    serviceFilterChosen(state, action: PayloadAction<string | null>) {
      state.filter = action.payload;
      state.slots.status = 'loading';
      state.slots.error = null;
    },
    timeSlotsLoaded(state, action: PayloadAction<TimeSlot[]>) {
      state.slots = { items: action.payload, status: 'loaded', error: null };
    },
    timeSlotsLoadFailed(state, action: PayloadAction<string>) {
      state.slots = { items: [], status: 'failed', error: action.payload };
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
      state.availability = { ...idleCommand, open: true, status: 'loading', loadError: null, data: null };
    },
    availabilityClosed(state) {
      state.availability = { ...initialSchedulingState.availability };
    },
    availabilityLoaded(state, action: PayloadAction<Availability>) {
      state.availability.status = 'loaded';
      state.availability.data = action.payload;
    },
    availabilityLoadFailed(state, action: PayloadAction<string>) {
      state.availability.status = 'failed';
      state.availability.loadError = action.payload;
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
      state.templates = { items: [], status: 'loading', error: null, busyIds: [], actionError: null };
      state.editor = { ...idleCommand, target: null };
      state.deleting = null;
      state.applying = { ...idleCommand, target: null };
    },
    templatesLoaded(state, action: PayloadAction<ScheduleTemplate[]>) {
      state.templates.items = action.payload;
      state.templates.status = 'loaded';
    },
    templatesLoadFailed(state, action: PayloadAction<string>) {
      state.templates.items = [];
      state.templates.status = 'failed';
      state.templates.error = action.payload;
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
    templateSaved(state, action: PayloadAction<ScheduleTemplate>) {
      const saved = action.payload;
      const at = state.templates.items.findIndex((template) => template.id === saved.id);
      if (at >= 0) state.templates.items[at] = saved;
      else state.templates.items.push(saved);
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
      state.templates.items.push(action.payload.template);
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
      state.templates.items = state.templates.items.filter((template) => template.id !== action.payload);
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
  servicesLoaded,
  servicesLoadFailed,
  serviceFilterChosen,
  timeSlotsLoaded,
  timeSlotsLoadFailed,
  timeSlotFormOpened,
  timeSlotFormClosed,
  timeSlotSubmitted,
  timeSlotAdded,
  timeSlotAddFailed,
  availabilityOpened,
  availabilityClosed,
  availabilityLoaded,
  availabilityLoadFailed,
  availabilitySubmitted,
  availabilitySaved,
  availabilitySaveFailed,
  templatesPageOpened,
  templatesLoaded,
  templatesLoadFailed,
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

export const selectScheduling = (state: WithScheduling): SchedulingState => state.scheduling;
export const selectSchedulingFilter = (state: WithScheduling): string | null => state.scheduling.filter;
