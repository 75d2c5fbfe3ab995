import type { IdempotencyKey } from '../idempotency/idempotency-keys';
import type {
  Appointment,
  AppointmentCounts,
  AppointmentStatus,
  DashboardDetails,
} from '@appointment/contracts/appointments';
import type { PaymentResult } from '@appointment/contracts/payments';
import type { Actor } from '../accounts/accounts.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import {
  appointmentsContext,
  type AppointmentsContext,
  type AppointmentsDependencies,
} from './appointments-context';
import type { BookingRequest } from './book/booking-request';
import { book } from './book/book';
import { changeStatus } from './change-status/change-status';
import { confirmPayment, orderBelongsTo, paymentSucceeded, type PaymentJob } from './payment/confirm';
import { expireUnpaid } from './payment/expire';
import { payAgain, type Booked } from './payment/order';
import { countAppointments, dashboardDetails, listAppointments } from './queries/appointments.queries';

/**
 * The appointments area: booking an interval, status changes, payments, lists and counts. Each
 * use case is its own slice (book/, change-status/, payment/, queries/); this class holds what
 * they share (caches, read-your-writes) for the routes and jobs that call them.
 */
export class AppointmentsService {
  private readonly context: AppointmentsContext;

  constructor(deps: AppointmentsDependencies) {
    this.context = appointmentsContext(deps);
  }

  /** Drops kept providers whose streams have new events (the projector calls this per batch). */
  providersChanged(events: readonly { streamName: string }[]): void {
    this.context.providers.changed(events);
  }

  book(
    actor: Actor,
    request: BookingRequest,
    imageUrl?: string,
    idempotencyKey?: IdempotencyKey,
  ): Promise<Booked> {
    return book(this.context, actor, request, imageUrl, idempotencyKey);
  }

  paymentSucceeded(actor: Actor, result: PaymentResult): Promise<Appointment> {
    return paymentSucceeded(this.context, actor, result);
  }

  payAgain(actor: Actor, appointmentId: string): Promise<Required<Booked>> {
    return payAgain(this.context, actor, appointmentId);
  }

  orderBelongsTo(actor: Actor, orderId: string): Promise<boolean> {
    return orderBelongsTo(this.context, actor, orderId);
  }

  confirmPayment(job: PaymentJob): Promise<void> {
    return confirmPayment(this.context, job);
  }

  expireUnpaid(appointmentId: string): Promise<void> {
    return expireUnpaid(this.context, appointmentId);
  }

  list(actor: Actor, status?: AppointmentStatus | 'all'): Promise<Appointment[]> {
    return listAppointments(this.context, actor, status);
  }

  counts(actor: Actor): Promise<AppointmentCounts> {
    return countAppointments(this.context, actor);
  }

  dashboardDetails(actor: Actor, catalogue: CatalogueService): Promise<DashboardDetails> {
    return dashboardDetails(this.context, actor, catalogue);
  }

  changeStatus(actor: Actor, id: string, status: AppointmentStatus): Promise<Appointment> {
    return changeStatus(this.context, actor, id, status);
  }
}
