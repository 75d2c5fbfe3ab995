import { MESSAGES } from '@appointment/contracts/messages';
import { writeSlotAnswer } from '../http/answers';
import { slotAnswerCheckOf } from '../http/answer-check';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import { idempotencyKeyOf } from '../idempotency/idempotency-keys';
import type { ScheduleContext } from './schedule-context';
import { addTimeSlot } from './time-slots/add-time-slot';
import { editTimeSlot } from './edit-time-slot/edit-time-slot';
import { deleteTimeSlot } from './delete-time-slot/delete-time-slot';
import { timeSlots } from './queries/schedule.queries';
import { fetchSlot } from './availability/fetch-slot';
import { setWorkingHours, workingHours } from './working-hours/working-hours';
import { addTimeOff, deleteTimeOff, timeOffList } from './time-off/time-off';
import {
  applyTemplate,
  deleteTemplate,
  duplicateTemplate,
  saveTemplate,
  templates,
} from './templates/templates';

/** docs/product.md §7.5 scheduling, plus availability and templates (paths the spec leaves unnamed). */
export const scheduleHandlers = (schedule: ScheduleContext): OperationHandlers =>
  handlers({
    addTimeSlot: async ({ req, auth, body }) => ({
      message: MESSAGES.timeSlotAdded,
      timeslots: await addTimeSlot(schedule, auth, body, idempotencyKeyOf(req, body)),
    }),
    editTimeSlot: async ({ auth, body }) => ({
      message: MESSAGES.timeSlotChanged,
      ...(await editTimeSlot(schedule, auth, body)),
    }),
    deleteTimeSlot: async ({ auth, body }) => ({
      message: MESSAGES.timeSlotDeleted,
      ...(await deleteTimeSlot(schedule, auth, body)),
    }),
    fetchAllSlots: async ({ auth }) => ({ timeslots: await timeSlots(schedule, auth) }),
    serviceByFilter: async ({ auth, body }) => ({
      timeslots: await timeSlots(schedule, auth, body.serviceId),
    }),
    fetchSlot: async ({ req, res, body, auth }) => {
      const acceptsGzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
      // The request's serviceId carries the service's name.
      const answer = await fetchSlot(
        schedule,
        { providerId: body.providerId, serviceName: body.serviceId },
        acceptsGzip,
        auth?.userId,
      );
      const refused = slotAnswerCheckOf(res)?.(answer);
      if (refused) res.status(500).json(refused);
      else writeSlotAnswer(res, answer);
    },
    getAvailability: ({ auth }) => workingHours(schedule, auth),
    setAvailability: ({ auth, body }) => setWorkingHours(schedule, auth, body),
    templates: async ({ auth }) => ({ templates: await templates(schedule, auth) }),
    saveTemplate: async ({ auth, body }) => ({ template: await saveTemplate(schedule, auth, body) }),
    duplicateTemplate: async ({ auth, body }) => ({
      template: await duplicateTemplate(schedule, auth, body.id),
    }),
    deleteTemplate: async ({ auth, body }) => {
      await deleteTemplate(schedule, auth, body.id);
      return { message: MESSAGES.templateDeleted };
    },
    applyTemplate: async ({ req, auth, body }) => ({
      message: MESSAGES.templateApplied,
      ...(await applyTemplate(schedule, auth, body, idempotencyKeyOf(req, body))),
    }),
    addTimeOff: ({ req, auth, body }) => addTimeOff(schedule, auth, body, idempotencyKeyOf(req, body)),
    timeOff: async ({ auth }) => ({ timeOff: await timeOffList(schedule, auth) }),
    deleteTimeOff: async ({ auth, body }) => {
      await deleteTimeOff(schedule, auth, body.id);
      return { message: MESSAGES.timeOffDeleted };
    },
  });
