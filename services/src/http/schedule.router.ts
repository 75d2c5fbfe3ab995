import { Router } from 'express';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  ApplyTemplate,
  Availability,
  FetchSlotRequest,
  SCHEDULE_PATHS,
  ScheduleTemplateInput,
  ServiceByFilterRequest,
  TemplateId,
  TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { ScheduleService } from '../schedule/schedule.service';
import { writeSlotAnswer } from './answers';
import { slotAnswerCheckOf } from './answer-check';
import { authOf, requireCapability, requireSignedIn } from './authenticate';
import { idempotencyKeyOf } from '../idempotency/idempotency-keys';
import { route } from './routes';

/** docs/product.md §7.5 scheduling, plus availability and templates (paths the spec leaves unnamed). */
export const scheduleRouter = (schedule: ScheduleService): Router => {
  const router = Router();

  router.post(route(SCHEDULE_PATHS.addTimeSlot), requireCapability('schedule.manage'), async (req, res) => {
    const form = TimeSlotForm.parse(req.body);
    const timeslots = await schedule.addTimeSlot(authOf(res), form, idempotencyKeyOf(req, form));
    res.status(201).json({ message: MESSAGES.timeSlotAdded, timeslots });
  });

  router.get(route(SCHEDULE_PATHS.fetchAllSlots), requireCapability('schedule.manage'), async (_req, res) => {
    res.json({ timeslots: await schedule.timeSlots(authOf(res)) });
  });

  router.post(
    route(SCHEDULE_PATHS.serviceByFilter),
    requireCapability('schedule.manage'),
    async (req, res) => {
      const { serviceId } = ServiceByFilterRequest.parse(req.body ?? {});
      res.json({ timeslots: await schedule.timeSlots(authOf(res), serviceId) });
    },
  );

  router.post(route(SCHEDULE_PATHS.fetchSlot), requireSignedIn, async (req, res) => {
    const acceptsGzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    // The request's serviceId carries the service's name.
    const { providerId, serviceId } = FetchSlotRequest.parse(req.body);
    const answer = await schedule.fetchSlot({ providerId, serviceName: serviceId }, acceptsGzip);
    const refused = slotAnswerCheckOf(res)?.(answer);
    if (refused) res.status(500).json(refused);
    else writeSlotAnswer(res, answer);
  });

  router.get(
    route(SCHEDULE_PATHS.getAvailability),
    requireCapability('schedule.manage'),
    async (_req, res) => {
      res.json(await schedule.availability(authOf(res)));
    },
  );

  router.post(
    route(SCHEDULE_PATHS.setAvailability),
    requireCapability('schedule.manage'),
    async (req, res) => {
      res.json(await schedule.setAvailability(authOf(res), Availability.parse(req.body)));
    },
  );

  router.get(route(SCHEDULE_PATHS.templates), requireCapability('templates.manage'), async (_req, res) => {
    res.json({ templates: await schedule.templates(authOf(res)) });
  });

  router.post(route(SCHEDULE_PATHS.saveTemplate), requireCapability('templates.manage'), async (req, res) => {
    res.json({ template: await schedule.saveTemplate(authOf(res), ScheduleTemplateInput.parse(req.body)) });
  });

  router.post(
    route(SCHEDULE_PATHS.duplicateTemplate),
    requireCapability('templates.manage'),
    async (req, res) => {
      const template = await schedule.duplicateTemplate(authOf(res), TemplateId.parse(req.body).id);
      res.status(201).json({ template });
    },
  );

  router.post(
    route(SCHEDULE_PATHS.deleteTemplate),
    requireCapability('templates.manage'),
    async (req, res) => {
      await schedule.deleteTemplate(authOf(res), TemplateId.parse(req.body).id);
      res.json({ message: MESSAGES.templateDeleted });
    },
  );

  router.post(
    route(SCHEDULE_PATHS.applyTemplate),
    requireCapability('templates.manage'),
    async (req, res) => {
      const request = ApplyTemplate.parse(req.body);
      const timeslots = await schedule.applyTemplate(authOf(res), request, idempotencyKeyOf(req, request));
      res.status(201).json({ message: MESSAGES.templateApplied, timeslots });
    },
  );

  return router;
};
