import { appointmentMarkedAs } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { CatalogueContext } from '../catalogue/catalogue-context';
import { NotFoundError } from '../domain/errors';
import { pendingImage } from '../http/image-upload';
import { handlers, type Handler, type OperationHandlers } from '../http/mount-operations';
import { idempotencyKeyOf } from '../idempotency/idempotency-keys';
import type { NotificationsService } from '../notifications/notifications';
import type { PaymentGateway } from '../payments/payment-gateway';
import { SandboxGateway } from '../payments/sandbox-gateway';
import type { AppointmentsContext } from './appointments-context';
import { bookAppointment } from './book/book-appointment';
import { sandboxCheckoutPage, SANDBOX_SCRIPT } from '../payments/sandbox-checkout';
import { orderBelongsTo, paymentSucceeded } from './payment/confirm';
import { payAgain } from './payment/order';
import { countAppointments, dashboardDetails, listAppointments } from './queries/appointments.queries';
import { changeStatus } from './change-status/change-status';
import { cancelAppointment } from './cancel/cancel';
import { rescheduleAppointment } from './reschedule/reschedule';
import { cancelByLink, readBookingLink, rescheduleByLink } from './link/booking-link';
import { bookSeries, previewSeries } from './series/book-series';
import { cancelFollowing } from './series/cancel-following';
import { rescheduleFollowing } from './series/reschedule-following';
import { waitlistHandlers } from './waitlist/waitlist.handlers';

export interface AppointmentsHandlerDependencies {
  appointments: AppointmentsContext;
  catalogue: CatalogueContext;
  /** Where images attached to bookings are kept; served under /uploads. */
  uploadsDir: string;
  /** Signs the links of e-mails (mail/booking-links.ts): checks a booking's cancel and reschedule links. */
  linkSecret: string;
}

/** docs/product.md §7.3: booking, the appointment list, the counts and status changes. */
export const appointmentsHandlers = ({
  appointments,
  catalogue,
  uploadsDir,
  linkSecret,
}: AppointmentsHandlerDependencies): OperationHandlers => {
  const book: Handler<'book' | 'cardBooking'> = async ({ req, res, auth, body }) => {
    // A booking's picture is private (services/src/http/private-uploads.ts).
    const image = pendingImage(req, uploadsDir, 'private');
    const answer = await bookAppointment(
      appointments,
      auth,
      body,
      idempotencyKeyOf(req, body, req.file?.buffer),
      image?.url,
    );
    // The picture is stored only with the booking that names it. A refused booking leaves
    // none; a repeated request (its Idempotency-Key) answers the first booking's.
    if (image && answer.body.appointment.imageUrl === image.url) await image.keep();
    res.status(answer.status).json(answer.body);
  };
  return handlers({
    book,
    // docs/product.md §7.3: the card-payment booking call, named for the provider, books the same way.
    cardBooking: book,
    stats: ({ auth }) => countAppointments(appointments, auth),
    list: async ({ auth, body }) => ({
      appointments: await listAppointments(appointments, auth, body.filters?.status),
    }),
    updateStatus: async ({ auth, body }) => ({
      message: appointmentMarkedAs(body.status),
      appointment: await changeStatus(appointments, auth, body.id, body.status),
    }),
    cancelAppointment: async ({ auth, params }) => {
      const appointment = await cancelAppointment(appointments, auth, params.id);
      return { message: MESSAGES.appointmentCancelled, appointment, refund: appointment.refund ?? null };
    },
    // Issue 31: a recurring series, previewed, booked at once, cancelled from one occurrence on.
    previewSeries: ({ auth, body }) => previewSeries(appointments, auth, body),
    // The same request again with its Idempotency-Key answers the series it booked.
    bookSeries: async ({ req, auth, body }) => ({
      message: MESSAGES.seriesBooked,
      ...(await bookSeries(appointments, auth, body, idempotencyKeyOf(req, body))),
    }),
    cancelFollowing: async ({ auth, params }) => ({
      message: MESSAGES.seriesCancelled,
      appointments: await cancelFollowing(appointments, auth, params.id),
    }),
    rescheduleFollowing: async ({ auth, params, body }) => ({
      message: MESSAGES.seriesRescheduled,
      appointments: await rescheduleFollowing(appointments, auth, params.id, body),
    }),
    rescheduleAppointment: async ({ auth, params, body }) => ({
      message: MESSAGES.appointmentRescheduled,
      ...(await rescheduleAppointment(appointments, auth, params.id, body)),
    }),
    dashboardDetails: ({ auth }) => dashboardDetails(appointments, auth, catalogue),
    // An e-mail's signed links (issue 29): no sign-in, the link is the proof.
    bookingLink: ({ params, query }) => readBookingLink(appointments, linkSecret, params.id, query),
    cancelByLink: ({ params, body }) => cancelByLink(appointments, linkSecret, params.id, body),
    rescheduleByLink: ({ params, body }) => rescheduleByLink(appointments, linkSecret, params.id, body),
    ...waitlistHandlers(appointments),
  });
};

/** docs/product.md §7.3 notification calls: the list, deleting one, and clearing all. */
export const notificationsHandlers = (notifications: NotificationsService): OperationHandlers =>
  handlers({
    notifications: async ({ auth }) => ({ notifications: await notifications.list(auth) }),
    deleteNotification: async ({ auth, body }) => {
      await notifications.delete(auth, body._id);
      return { message: MESSAGES.notificationDeleted };
    },
    clearNotifications: async ({ auth }) => {
      await notifications.clear(auth);
      return { message: MESSAGES.notificationsCleared };
    },
  });

/**
 * docs/product.md §7.3 and §7.7 payment calls: the call after a successful checkout, paying
 * again, and the sandbox gateway's own checkout page for the offline default.
 */
export const paymentsHandlers = (
  appointments: AppointmentsContext,
  payments: PaymentGateway,
): OperationHandlers =>
  handlers({
    paymentSuccess: async ({ auth, body }) => ({
      message: MESSAGES.paymentReceived,
      appointment: await paymentSucceeded(appointments, auth, body),
    }),
    payAgain: ({ auth, body }) => payAgain(appointments, auth, body.appointmentId),
    ...(payments instanceof SandboxGateway
      ? handlers({
          sandboxCheckout: async ({ req, res }) => {
            res.type('html').send(sandboxCheckoutPage(req.query));
          },
          sandboxScript: async ({ res }) => {
            res.type('application/javascript').send(SANDBOX_SCRIPT);
          },
          sandboxPay: async ({ auth, body }) => {
            // Only the person who booked can pay for the order.
            const mine = await orderBelongsTo(appointments, auth, body.orderId);
            if (!mine) throw new NotFoundError(MESSAGES.appointmentNotFound);
            return payments.pay(body.orderId);
          },
        })
      : {}),
  });
