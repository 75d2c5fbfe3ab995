import { MESSAGES } from '@appointment/contracts/messages';
import { writeSlotAnswer } from '../http/answers';
import { slotAnswerCheckOf } from '../http/answer-check';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import { idempotencyKeyOf } from '../idempotency/idempotency-keys';
import type { ScheduleService } from './schedule.service';

/** docs/product.md §7.5 scheduling, plus availability and templates (paths the spec leaves unnamed). */
export const scheduleHandlers = (schedule: ScheduleService): OperationHandlers =>
  handlers({
    addTimeSlot: async ({ req, auth, body }) => ({
      message: MESSAGES.timeSlotAdded,
      timeslots: await schedule.addTimeSlot(auth, body, idempotencyKeyOf(req, body)),
    }),
    fetchAllSlots: async ({ auth }) => ({ timeslots: await schedule.timeSlots(auth) }),
    serviceByFilter: async ({ auth, body }) => ({
      timeslots: await schedule.timeSlots(auth, body.serviceId),
    }),
    fetchSlot: async ({ req, res, body }) => {
      const acceptsGzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
      // The request's serviceId carries the service's name.
      const answer = await schedule.fetchSlot(
        { providerId: body.providerId, serviceName: body.serviceId },
        acceptsGzip,
      );
      const refused = slotAnswerCheckOf(res)?.(answer);
      if (refused) res.status(500).json(refused);
      else writeSlotAnswer(res, answer);
    },
    getAvailability: ({ auth }) => schedule.availability(auth),
    setAvailability: ({ auth, body }) => schedule.setAvailability(auth, body),
    templates: async ({ auth }) => ({ templates: await schedule.templates(auth) }),
    saveTemplate: async ({ auth, body }) => ({ template: await schedule.saveTemplate(auth, body) }),
    duplicateTemplate: async ({ auth, body }) => ({
      template: await schedule.duplicateTemplate(auth, body.id),
    }),
    deleteTemplate: async ({ auth, body }) => {
      await schedule.deleteTemplate(auth, body.id);
      return { message: MESSAGES.templateDeleted };
    },
    applyTemplate: async ({ req, auth, body }) => ({
      message: MESSAGES.templateApplied,
      timeslots: await schedule.applyTemplate(auth, body, idempotencyKeyOf(req, body)),
    }),
  });
