import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { toMinorUnits } from '@appointment/contracts/money';
import type { CheckoutInfo } from '@appointment/contracts/payments';
import { appointmentById } from '@appointment/projections/appointments.queries';
import type { Actor } from '../../accounts/accounts-context';
import { IllegalStateError, NotFoundError } from '../../domain/errors';
import type { ProviderService } from '../../catalogue/providers/provider.decider';
import { QUEUE_NAMES } from '../../jobs/job-queues';
import type { Order } from '../../payments/payment-gateway';
import { appointmentNamed, onTimeSlot, payByOf, type AppointmentsContext } from '../appointments-context';

export interface Booked {
  appointment: Appointment;
  order?: Order;
  checkout?: CheckoutInfo;
}

/**
 * A booking of a paid service: an order from the gateway, recorded on the appointment, and the
 * unpaid timeout (a job keyed by the appointment).
 */
export const orderPayment = async (
  context: AppointmentsContext,
  actor: Actor,
  appointment: Appointment,
  service: Pick<ProviderService, 'name' | 'description'>,
): Promise<Required<Booked>> => {
  const { deps } = context;
  const appointmentId = appointment._id;
  const order = await deps.payments.createOrder({
    appointmentId,
    amount: appointment.amount,
    currency: appointment.currency,
    serviceName: service.name,
    serviceDescription: service.description ?? 'No description',
  });
  await onTimeSlot(context, actor, appointment.timeslotId, {
    type: 'RequestPayment',
    data: { appointmentId, orderId: order.id, amount: order.amount, currency: order.currency },
  });
  await deps.jobs?.enqueue(
    QUEUE_NAMES.paymentTimeout,
    'expire-unpaid',
    { appointmentId },
    {
      jobId: `timeout-${appointmentId}`,
      delayMs: deps.paymentTimeoutMs,
      attempts: 5,
      backoffMs: 1000,
    },
  );
  await context.reads.caughtUp(actor.userId);
  return {
    appointment: await appointmentNamed(context, appointmentId),
    order,
    checkout: deps.payments.checkout(order),
  };
};

/**
 * "Pay now". A person's unpaid booking of a paid service gets its order and a checkout
 * again, until its unpaid timeout; then it is no longer held.
 */
export const payAgain = async (
  context: AppointmentsContext,
  actor: Actor,
  appointmentId: string,
): Promise<Required<Booked>> => {
  await context.reads.caughtUp(actor.userId);
  const found = await appointmentById(context.deps.pool, appointmentId, actor.userId);
  if (!found) throw new NotFoundError(MESSAGES.appointmentNotFound);
  const { appointment, orderId } = found;
  const payBy = payByOf(context, appointment);
  if (!payBy || !orderId) throw new IllegalStateError(MESSAGES.nothingToPay);
  if (Date.parse(payBy) <= context.now().getTime()) throw new IllegalStateError(MESSAGES.paymentTimeUp);
  const order: Order = {
    id: orderId,
    amount: toMinorUnits(appointment.amount, appointment.currency),
    currency: appointment.currency,
    notes: { service_name: appointment.serviceName, service_description: 'No description' },
  };
  return { appointment: { ...appointment, payBy }, order, checkout: context.deps.payments.checkout(order) };
};
