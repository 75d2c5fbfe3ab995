import { readEvent } from '@appointment/projections/parse-event';
import { batchReactor, type Projection } from '@appointment/projections/projection';
import { QUEUE_NAMES, type JobQueues } from '../../jobs/job-queues';
import { onTimeSlot, type AppointmentsContext } from '../appointments-context';

/**
 * Refunds (issue 29): a cancellation, a Reject or a payment that came after the unpaid timeout
 * records `RefundRequested` on the time slot's stream with the change that causes it. This
 * reactor sets one job per request, keyed by its refund key; the job asks the gateway for the
 * refund under that key (its idempotency key) and records `PaymentRefunded` once. A job killed
 * between the two runs again: the gateway answers the first refund, the decider records it once.
 */
export interface RefundJob {
  appointmentId: string;
  timeSlotId: string;
  refundKey: string;
  paymentId: string;
  amount: number;
  currency: string;
}

export const REFUND_ATTEMPTS = 8;

/** One refund job per requested refund; a replay sets none twice. */
export const refundDispatcher = (jobs: Pick<JobQueues, 'enqueueMany'>): Projection =>
  batchReactor('refund_dispatcher', async (events) => {
    const requests = events.flatMap((event) => {
      const request = readEvent('RefundRequested', event, 'refund dispatcher');
      // A fee that kept all of the payment leaves nothing for the gateway.
      return request && request.amount > 0 ? [request] : [];
    });
    if (requests.length === 0) return;
    await jobs.enqueueMany<RefundJob>(
      QUEUE_NAMES.refunds,
      requests.map(({ appointmentId, timeSlotId, refundKey, paymentId, amount, currency }) => ({
        name: 'refund',
        data: { appointmentId, timeSlotId, refundKey, paymentId, amount, currency },
        options: { jobId: refundKey, attempts: REFUND_ATTEMPTS, backoffMs: 1_000 },
      })),
    );
  });

/** The refund job: the gateway refunds once under the key, and the refund is recorded once. */
export const issueRefund = async (context: AppointmentsContext, job: RefundJob): Promise<void> => {
  const { refundId } = await context.deps.payments.refund({
    paymentId: job.paymentId,
    amount: job.amount,
    currency: job.currency,
    key: job.refundKey,
  });
  await onTimeSlot(context, undefined, job.timeSlotId, {
    type: 'RecordRefund',
    data: { appointmentId: job.appointmentId, refundKey: job.refundKey, refundId, amount: job.amount },
  });
};
