import type pg from 'pg';
import type { RecordedEvent } from '@appointment/contracts/events';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { ForbiddenError, NotFoundError } from '../domain/errors';
import type { RequestAuth } from '../http/authenticate';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import { allHistory, csvHeader, csvLine, historyPage, providerKnown } from './history.queries';
import { pointOf, providerStateAt } from './provider-state';

export interface HistoryHandlerDependencies {
  pool: pg.Pool;
  /** Opens sealed personal fields; the store's `openEvents`. */
  open?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>;
  /** Where the log is not in this database (EventStoreDB): a stream as the log holds it. */
  readStream?: (streamName: string) => Promise<RecordedEvent[]>;
}

/**
 * A provider's history. Platform staff read every provider's; a provider's admin reads its own
 * (docs/product.md §6, `history.view` / `history.viewAny` in contracts/src/roles.ts).
 */
export const historyHandlers = ({
  pool,
  open,
  readStream,
}: HistoryHandlerDependencies): OperationHandlers => {
  const providerFor = async (auth: RequestAuth, providerId: string): Promise<string> => {
    if (!can(auth.role, 'history.viewAny') && auth.providerId !== providerId)
      throw new ForbiddenError(MESSAGES.forbidden);
    if (!(await providerKnown(pool, providerId))) throw new NotFoundError(MESSAGES.providerNotFound);
    return providerId;
  };
  return handlers({
    providerHistory: async ({ auth, params, query }) =>
      historyPage(pool, await providerFor(auth, params.id), query),
    providerHistoryExport: async ({ res, auth, params, query: { format, ...query } }) => {
      const providerId = await providerFor(auth, params.id);
      const name = `history-${providerId}.${format}`;
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
      if (format === 'csv') res.write(csvHeader());
      for await (const entry of allHistory(pool, providerId, query))
        res.write(format === 'csv' ? csvLine(entry) : `${JSON.stringify(entry)}\n`);
      res.end();
    },
    providerHistoryState: async ({ auth, params, query }) =>
      providerStateAt(
        pool,
        await providerFor(auth, params.id),
        pointOf(query.at),
        open,
        readStream ? { readStream } : {},
      ),
  });
};
