import {
  SCHEDULE_PATHS,
  type ApplyTemplate,
  type Availability,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type TimeSlot,
  type TimeSlotForm,
} from '@appointment/contracts/schedule';
import { api, contentKey } from '../../lib/api-client';

/**
 * docs/product.md §7.5 POST /schedulemanage/addtimeslot. The same form sent twice creates its time slots once
 * (Idempotency-Key from the form's content).
 */
export const addTimeSlot = (form: TimeSlotForm): Promise<{ message: string; timeslots: TimeSlot[] }> =>
  api.post(SCHEDULE_PATHS.addTimeSlot, form, {
    headers: { 'Idempotency-Key': contentKey('timeslot', form) },
  });

export const saveAvailability = (availability: Availability): Promise<Availability> =>
  api.post<Availability>(SCHEDULE_PATHS.setAvailability, availability);

export const saveTemplate = async (input: ScheduleTemplateInput): Promise<ScheduleTemplate> =>
  (await api.post<{ template: ScheduleTemplate }>(SCHEDULE_PATHS.saveTemplate, input)).template;

export const duplicateTemplate = async (id: string): Promise<ScheduleTemplate> =>
  (await api.post<{ template: ScheduleTemplate }>(SCHEDULE_PATHS.duplicateTemplate, { id })).template;

export const deleteTemplate = (id: string): Promise<{ message: string }> =>
  api.post(SCHEDULE_PATHS.deleteTemplate, { id });

export const applyTemplate = (request: ApplyTemplate): Promise<{ message: string; timeslots: TimeSlot[] }> =>
  api.post(SCHEDULE_PATHS.applyTemplate, request, {
    headers: { 'Idempotency-Key': contentKey('template', request) },
  });
