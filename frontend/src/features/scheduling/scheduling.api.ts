import { CATALOGUE_PATHS, type Service } from '@appointment/contracts/catalogue';
import {
  SCHEDULE_PATHS,
  type ApplyTemplate,
  type Availability,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type TimeSlot,
  type TimeSlotForm,
  type TimeSlotsResponse,
} from '@appointment/contracts/schedule';
import { api, contentKey } from '../../lib/api-client';

/** docs/product.md §7.4 POST /providerservice/getservice: the services of the signed-in person's provider. */
export const fetchProviderServices = (): Promise<Service[]> =>
  api.post<Service[]>(CATALOGUE_PATHS.getServices);

/** docs/product.md §7.5 GET /schedulemanage/fetchallslot, or POST servicebyfilter when a service is chosen. */
export const fetchTimeSlots = async (serviceName: string | null): Promise<TimeSlot[]> => {
  const response =
    serviceName === null
      ? await api.get<TimeSlotsResponse>(SCHEDULE_PATHS.fetchAllSlots)
      : await api.post<TimeSlotsResponse>(SCHEDULE_PATHS.serviceByFilter, { serviceId: serviceName });
  return response.timeslots;
};

/**
 * docs/product.md §7.5 POST /schedulemanage/addtimeslot. The same form sent twice creates its windows once
 * (Idempotency-Key from the form's content).
 */
export const addTimeSlot = (form: TimeSlotForm): Promise<{ message: string; timeslots: TimeSlot[] }> =>
  api.post(SCHEDULE_PATHS.addTimeSlot, form, {
    headers: { 'Idempotency-Key': contentKey('timeslot', form) },
  });

export const fetchAvailability = (): Promise<Availability> =>
  api.get<Availability>(SCHEDULE_PATHS.getAvailability);

export const saveAvailability = (availability: Availability): Promise<Availability> =>
  api.post<Availability>(SCHEDULE_PATHS.setAvailability, availability);

export const fetchTemplates = async (): Promise<ScheduleTemplate[]> =>
  (await api.get<{ templates: ScheduleTemplate[] }>(SCHEDULE_PATHS.templates)).templates;

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
