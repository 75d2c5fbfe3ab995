import {
  SCHEDULE_PATHS,
  type ApplyTemplate,
  type DeleteTimeSlotRequest,
  type EditTimeSlotFormInput,
  type Availability,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type TimeOff,
  type TimeOffAddedAnswer,
  type TimeOffList,
  type TimeOffRequest,
  type TemplateApplied,
  type TimeSlot,
  type TimeSlotForm,
  type TimeSlotsResponse,
} from '@appointment/contracts/schedule';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import { contentKey } from '../../lib/api-client';
import { toastShown } from '../../lib/toast.slice';

/** How long a confirmation stays on screen. */
const NOTICE_MS = 3000;

type Dispatch = (action: unknown) => unknown;

/** Once the server answered: the confirmation shows (and the answer is handed on); a failure is logged. */
async function onceDone<Result>(
  dispatch: Dispatch,
  answered: Promise<{ data: Result }>,
  failure: string,
  notice?: string,
): Promise<Result | undefined> {
  try {
    const { data } = await answered;
    if (notice) dispatch(toastShown(notice, NOTICE_MS));
    return data;
  } catch (error) {
    console.error(failure, error);
    return undefined;
  }
}

/**
 * Schedule Management's reads and writes. Adding a time slot or applying a template invalidates
 * Slot (the list, the calendar and the booking screen's slots read again); a template's save,
 * duplicate or delete patches the templates as read. The forms' state follows these mutations
 * in scheduling.slice.ts.
 */
export const schedulingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.5 GET /schedulemanage/fetchallslot, or POST servicebyfilter when a service is chosen. */
    timeSlots: build.query<TimeSlot[], string | null>({
      query: (serviceName) =>
        serviceName === null
          ? SCHEDULE_PATHS.fetchAllSlots
          : { url: SCHEDULE_PATHS.serviceByFilter, method: 'POST', body: { serviceId: serviceName } },
      transformResponse: (body: TimeSlotsResponse) => body.timeslots,
      providesTags: ['Slot'],
    }),
    /** The provider's working hours, breaks and time zone, read each time Manage Availability opens. */
    availability: build.query<Availability, void>({
      query: () => SCHEDULE_PATHS.getAvailability,
    }),
    /** The provider's schedule templates; a save, duplicate or delete patches this answer. */
    templates: build.query<ScheduleTemplate[], void>({
      query: () => SCHEDULE_PATHS.templates,
      transformResponse: (body: { templates: ScheduleTemplate[] }) => body.templates,
    }),
    /**
     * docs/product.md §7.5 POST /schedulemanage/addtimeslot. The same form sent twice creates its
     * time slots once (Idempotency-Key from the form's content).
     */
    addTimeSlot: build.mutation<{ message: string; timeslots: TimeSlot[] }, TimeSlotForm>({
      query: (form) => ({
        url: SCHEDULE_PATHS.addTimeSlot,
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': contentKey('timeslot', form) },
      }),
      onQueryStarted: async (_form, { dispatch, queryFulfilled }) => {
        await onceDone(dispatch, queryFulfilled, 'Failed to add the time slot', MESSAGES.timeSlotAdded);
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['Slot'] : []),
    }),
    /** Issue 30: POST edittimeslot; a 409 names the bookings the change would drop. */
    editTimeSlot: build.mutation<
      { message: string; timeslot: TimeSlot; cancelled: string[] },
      EditTimeSlotFormInput
    >({
      query: (form) => ({ url: SCHEDULE_PATHS.editTimeSlot, method: 'POST', body: form }),
      onQueryStarted: async (_form, { dispatch, queryFulfilled }) => {
        await onceDone(dispatch, queryFulfilled, 'Failed to change the time slot', MESSAGES.timeSlotChanged);
      },
      invalidatesTags: (_result, error) =>
        error === undefined ? ['Slot', 'AppointmentList', 'AppointmentCounts'] : [],
    }),
    /** Issue 30: POST deletetimeslot; a 409 names the bookings that hold a place. */
    deleteTimeSlot: build.mutation<
      { message: string; deleted: string[]; cancelled: string[] },
      DeleteTimeSlotRequest
    >({
      query: (request) => ({ url: SCHEDULE_PATHS.deleteTimeSlot, method: 'POST', body: request }),
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        await onceDone(dispatch, queryFulfilled, 'Failed to delete the time slot', MESSAGES.timeSlotDeleted);
      },
      invalidatesTags: (_result, error) =>
        error === undefined ? ['Slot', 'AppointmentList', 'AppointmentCounts'] : [],
    }),
    saveAvailability: build.mutation<Availability, Availability>({
      query: (availability) => ({ url: SCHEDULE_PATHS.setAvailability, method: 'POST', body: availability }),
      onQueryStarted: async (_availability, { dispatch, queryFulfilled }) => {
        await onceDone(
          dispatch,
          queryFulfilled,
          'Failed to save the availability',
          MESSAGES.availabilitySaved,
        );
      },
    }),
    saveTemplate: build.mutation<ScheduleTemplate, ScheduleTemplateInput>({
      query: (input) => ({ url: SCHEDULE_PATHS.saveTemplate, method: 'POST', body: input }),
      transformResponse: (body: { template: ScheduleTemplate }) => body.template,
      onQueryStarted: async (_input, { dispatch, queryFulfilled }) => {
        const template = await onceDone(dispatch, queryFulfilled, 'Failed to save the template');
        if (template === undefined) return;
        dispatch(
          patchTemplates((templates) => {
            const at = templates.findIndex((item) => item.id === template.id);
            if (at >= 0) templates[at] = template;
            else templates.push(template);
          }),
        );
        dispatch(toastShown(MESSAGES.templateSaved, NOTICE_MS));
      },
    }),
    duplicateTemplate: build.mutation<ScheduleTemplate, string>({
      query: (id) => ({ url: SCHEDULE_PATHS.duplicateTemplate, method: 'POST', body: { id } }),
      transformResponse: (body: { template: ScheduleTemplate }) => body.template,
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        const template = await onceDone(dispatch, queryFulfilled, 'Failed to duplicate the template');
        if (template === undefined) return;
        dispatch(
          patchTemplates((templates) => {
            templates.push(template);
          }),
        );
      },
    }),
    deleteTemplate: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: SCHEDULE_PATHS.deleteTemplate, method: 'POST', body: { id } }),
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const answer = await onceDone(dispatch, queryFulfilled, 'Failed to delete the template');
        if (answer === undefined) return;
        dispatch(
          patchTemplates((templates) => {
            const at = templates.findIndex((item) => item.id === id);
            if (at >= 0) templates.splice(at, 1);
          }),
        );
        dispatch(toastShown(MESSAGES.templateDeleted, NOTICE_MS));
      },
    }),
    applyTemplate: build.mutation<TemplateApplied, ApplyTemplate>({
      query: (request) => ({
        url: SCHEDULE_PATHS.applyTemplate,
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': contentKey('template', request) },
      }),
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        await onceDone(dispatch, queryFulfilled, 'Failed to apply the template', MESSAGES.templateApplied);
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['Slot'] : []),
    }),
    /** Issue 30: the provider's time off that has not ended. */
    timeOff: build.query<TimeOff[], void>({
      query: () => SCHEDULE_PATHS.timeOff,
      transformResponse: (body: TimeOffList) => body.timeOff,
      providesTags: ['TimeOff'],
    }),
    /** Time off hides slots: the list, the calendar and the booking screen's slots read again. */
    addTimeOff: build.mutation<TimeOffAddedAnswer, TimeOffRequest>({
      query: (request) => ({
        url: SCHEDULE_PATHS.addTimeOff,
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': contentKey('timeoff', request) },
      }),
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        await onceDone(dispatch, queryFulfilled, 'Failed to add the time off', MESSAGES.timeOffAdded);
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['TimeOff', 'Slot'] : []),
    }),
    deleteTimeOff: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: SCHEDULE_PATHS.deleteTimeOff, method: 'POST', body: { id } }),
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        await onceDone(dispatch, queryFulfilled, 'Failed to delete the time off', MESSAGES.timeOffDeleted);
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['TimeOff', 'Slot'] : []),
    }),
  }),
});

/** The templates as read, changed in place by a save, a duplicate or a delete. */
const patchTemplates = (recipe: (templates: ScheduleTemplate[]) => void) =>
  schedulingApi.util.updateQueryData('templates', undefined, recipe);

export const {
  useTimeSlotsQuery,
  useAvailabilityQuery,
  useTemplatesQuery,
  useAddTimeSlotMutation,
  useEditTimeSlotMutation,
  useDeleteTimeSlotMutation,
  useSaveAvailabilityMutation,
  useSaveTemplateMutation,
  useDuplicateTemplateMutation,
  useDeleteTemplateMutation,
  useApplyTemplateMutation,
  useTimeOffQuery,
  useAddTimeOffMutation,
  useDeleteTimeOffMutation,
} = schedulingApi;
