import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { PaymentResult } from '@appointment/contracts/payments';
import { appointmentByOrder, isUnpaidOrderOf } from '@appointment/projections/appointments.queries';
import type { Actor } from '../../accounts/accounts-context';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { QUEUE_NAMES } from '../../jobs/job-queues';
import { appointmentNamed, onTimeSlot, type AppointmentsContext } from '../appointments-context';

export interface PaymentJob {
  appointmentId: string;
  orderId: string;
  paymentId: string;
  signature: string;
}

/** The payment-confirmation job: verifies again and records the payment, once. */
export const confirmPayment = async (context: AppointmentsContext, job: PaymentJob): Promise<void> => {
  if (!context.deps.payments.verify(job)) return;
  const appointment = await appointmentNamed(context, job.appointmentId);
  await onTimeSlot(context, undefined, appointment.timeslotId, {
    type: 'ConfirmPayment',
    data: { appointmentId: job.appointmentId, orderId: job.orderId, paymentId: job.paymentId },
  });
};

/**
 * docs/product.md §4 step 8: the client reports a successful checkout. The result is checked here and
 * the confirmation runs as a job (idempotent, keyed by the order), which records the payment.
 */
export const paymentSucceeded = async (
  context: AppointmentsContext,
  actor: Actor,
  result: PaymentResult,
): Promise<Appointment> => {
  const { deps } = context;
  await context.reads.caughtUp(actor.userId);
  const appointment = await appointmentByOrder(deps.pool, result.orderId, actor.userId);
  if (!appointment) throw new NotFoundError(MESSAGES.appointmentNotFound);
  if (!deps.payments.verify(result)) throw new ValidationError(MESSAGES.paymentInvalid);
  const job: PaymentJob = { appointmentId: appointment._id, ...result };
  if (deps.jobs) {
    await deps.jobs.enqueue(QUEUE_NAMES.paymentConfirmation, 'confirm-payment', job, {
      jobId: `confirm-${result.orderId}`,
      attempts: 5,
      backoffMs: 500,
    });
  } else {
    await confirmPayment(context, job);
  }
  return appointment;
};

/** Whether an order is for one of this person's unpaid appointments. */
export const orderBelongsTo = async (
  context: AppointmentsContext,
  actor: Actor,
  orderId: string,
): Promise<boolean> => {
  await context.reads.caughtUp(actor.userId);
  return isUnpaidOrderOf(context.deps.pool, orderId, actor.userId);
};
