import {
  SCHEDULE_PATHS,
  type Availability,
  type ScheduleTemplate,
  type TimeSlot,
  type TimeSlotsResponse,
} from '@appointment/contracts/schedule';
import { api } from '../../lib/api';

/** Schedule Management's plain reads; adding a time slot or applying a template invalidates Slot. */
export const schedulingQueries = api.injectEndpoints({
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
  }),
});

export const { useTimeSlotsQuery, useAvailabilityQuery, useTemplatesQuery } = schedulingQueries;
