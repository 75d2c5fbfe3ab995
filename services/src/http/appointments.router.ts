import { Router } from 'express';
import {
  APPOINTMENT_PATHS,
  AppointmentListRequest,
  BookingForm,
  UpdateStatusRequest,
  appointmentMarkedAs,
} from '@appointment/contracts/appointments';
import { PAYMENT_PATHS } from '@appointment/contracts/payments';
import type { AppointmentsService } from '../appointments/appointments.service';
import { bookAppointment } from '../appointments/book/book-appointment';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { authOf, requireCapability } from './authenticate';
import { multipartWithImage, pendingImage } from './image-upload';
import type { RequestHandler } from 'express';
import { idempotencyKeyOf } from '../idempotency/idempotency-keys';
import { route } from './routes';

export interface AppointmentsRouterDependencies {
  appointments: AppointmentsService;
  catalogue: CatalogueService;
  /** Where images attached to bookings are kept; served under /uploads. */
  uploadsDir: string;
  /** Counts a person's uploads against their daily cap (uploadsPerDay). */
  uploadLimit?: RequestHandler;
}

/** docs/product.md §7.3: booking, the appointment list, the counts and status changes. */
export const appointmentsRouter = ({
  appointments,
  catalogue,
  uploadsDir,
  uploadLimit,
}: AppointmentsRouterDependencies): Router => {
  const router = Router();

  // docs/product.md §7.3: the card-payment booking call, named for the provider, books the same way.
  for (const path of [APPOINTMENT_PATHS.book, PAYMENT_PATHS.cardBooking]) {
    router.post(
      route(path),
      requireCapability('appointments.book'),
      multipartWithImage(uploadLimit),
      async (req, res) => {
        const form = BookingForm.parse(req.body);
        // A booking's picture is private (services/src/http/private-uploads.ts).
        const image = pendingImage(req, uploadsDir, 'private');
        const answer = await bookAppointment(
          appointments,
          authOf(res),
          form,
          idempotencyKeyOf(req, form, req.file?.buffer),
          image?.url,
        );
        // The picture is stored only with the booking that names it. A refused booking leaves
        // none; a repeated request (its Idempotency-Key) answers the first booking's.
        if (image && answer.body.appointment.imageUrl === image.url) await image.keep();
        res.status(answer.status).json(answer.body);
      },
    );
  }

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
