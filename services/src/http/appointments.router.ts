import { Router, type Request } from 'express';
import {
  APPOINTMENT_PATHS,
  AppointmentListRequest,
  BookingForm,
  UpdateStatusRequest,
  appointmentMarkedAs,
} from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { authOf, requireCapability } from './authenticate';
import { multipartWithImage, saveUploadedImage } from './image-upload';

export interface AppointmentsRouterDependencies {
  appointments: AppointmentsService;
  catalogue: CatalogueService;
  /** Where images attached to bookings are kept; served under /uploads. */
  uploadsDir: string;
}

const route = (path: string) => path.replace(/^\/api/, '');

const idempotencyKeyOf = (req: Request): string | undefined => {
  const key = req.get('Idempotency-Key')?.trim();
  return key && key.length <= 200 ? key : undefined;
};

/** SPEC §7.3: booking, the appointment list, the counts and status changes. */
export const appointmentsRouter = ({
  appointments,
  catalogue,
  uploadsDir,
}: AppointmentsRouterDependencies): Router => {
  const router = Router();

  router.post(
    route(APPOINTMENT_PATHS.book),
    requireCapability('appointments.book'),
    multipartWithImage(),
    async (req, res) => {
      // The form is checked before the image is stored, so a refused booking leaves no file behind.
      const form = BookingForm.parse(req.body);
      const imageUrl = await saveUploadedImage(req, uploadsDir);
      const appointment = await appointments.book(authOf(res), form, imageUrl, idempotencyKeyOf(req));
      res.status(201).json({ message: MESSAGES.appointmentBooked, appointment });
    },
  );

  router.post(route(APPOINTMENT_PATHS.stats), requireCapability('appointments.view'), async (_req, res) => {
    res.json(await appointments.counts(authOf(res)));
  });

  router.post(route(APPOINTMENT_PATHS.list), requireCapability('appointments.view'), async (req, res) => {
    const { filters } = AppointmentListRequest.parse(req.body ?? {});
    res.json({ appointments: await appointments.list(authOf(res), filters?.status) });
  });

  router.post(
    route(APPOINTMENT_PATHS.updateStatus),
    requireCapability('appointments.changeStatus'),
    async (req, res) => {
      const { id, status } = UpdateStatusRequest.parse(req.body);
      const appointment = await appointments.changeStatus(authOf(res), id, status);
      res.json({ message: appointmentMarkedAs(status), appointment });
    },
  );

  router.post(
    route(APPOINTMENT_PATHS.dashboardDetails),
    requireCapability('dashboard.view'),
    async (_req, res) => {
      res.json(await appointments.dashboardDetails(authOf(res), catalogue));
    },
  );

  return router;
};
