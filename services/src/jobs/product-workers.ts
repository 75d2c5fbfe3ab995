import type { Clock } from '@appointment/contracts/clock';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { PaymentJob } from '../appointments/payment/confirm';
import type { EventStore } from '../eventstore/event-store';
import { runReminder, type ReminderJob } from '../reminders/reminders';
import { QUEUE_NAMES, type JobQueues, type JobWorker } from './job-queues';

/**
 * The product's job workers (docs/architecture.md §1): payment confirmation, the unpaid-booking timeout and
 * reminders. The single-node platform and the worker process both start exactly these.
 */
export const startProductWorkers = async (
  jobs: JobQueues,
  { appointments, store, now }: { appointments: AppointmentsService; store: EventStore; now?: Clock },
): Promise<JobWorker[]> => [
  await jobs.work<PaymentJob>(
    QUEUE_NAMES.paymentConfirmation,
    (job) => appointments.confirmPayment(job.data),
    {
      concurrency: 4,
    },
  ),
  await jobs.work<ReminderJob>(
    QUEUE_NAMES.reminders,
    async (job) => {
      await runReminder(store, job.data, now?.());
    },
    { concurrency: 2 },
  ),
  await jobs.work<{ appointmentId: string }>(
    QUEUE_NAMES.paymentTimeout,
    (job) => appointments.expireUnpaid(job.data.appointmentId),
    { concurrency: 2 },
  ),
];
