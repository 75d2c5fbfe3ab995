import type { RecordedEvent } from '@appointment/contracts/events';
import { batchReactor, readerOf, type Projection, type Queryable } from '@appointment/projections/projection';
import type { EnqueueOptions, JobQueues } from '../jobs/job-queues';

/** What a connected app (the chat app, WhatsApp) sends for the events that concern it. */
export interface AppDispatch<J extends { providerId: string }> {
  /** The reactor's name, which keys its checkpoint. */
  name: string;
  queue: string;
  jobName: string;
  /** The job an event asks for, if any. */
  jobOf(event: RecordedEvent): J | undefined;
  /** The SQL condition on rm_integration_settings.settings under which a provider has the app on. */
  appOn: string;
  options(event: RecordedEvent, job: J): EnqueueOptions;
}

/** Which of these providers have the app on, read once for a batch. */
const providersWithAppOn = async (db: Queryable, providerIds: string[], appOn: string) => {
  const { rows } = await db.query<{ provider_id: string }>(
    `SELECT provider_id FROM rm_integration_settings.settings WHERE provider_id = ANY($1::text[]) AND ${appOn}`,
    [[...new Set(providerIds)]],
  );
  return new Set(rows.map((row) => row.provider_id));
};

/**
 * A reactor that sets a job for each event a connected app sends something for, when the
 * provider has the app on: one question about the providers per batch, the jobs set in one call.
 * Job ids come from the event, so a replay sets nothing twice.
 */
export const appDispatcher = <J extends { providerId: string }>(
  jobs: Pick<JobQueues, 'enqueueMany'>,
  dispatch: AppDispatch<J>,
): Projection =>
  batchReactor(dispatch.name, async (events, context) => {
    const wanted = events.flatMap((event) => {
      const job = dispatch.jobOf(event);
      return job ? [{ event, job }] : [];
    });
    if (wanted.length === 0) return;
    const on = await providersWithAppOn(
      readerOf(context),
      wanted.map(({ job }) => job.providerId),
      dispatch.appOn,
    );
    const sends = wanted.filter(({ job }) => on.has(job.providerId));
    if (sends.length === 0) return;
    await jobs.enqueueMany<J>(
      dispatch.queue,
      sends.map(({ event, job }) => ({
        name: dispatch.jobName,
        data: job,
        options: dispatch.options(event, job),
      })),
    );
  });
