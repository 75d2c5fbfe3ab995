import { Router, type Response } from 'express';
import {
  HISTORY_PATHS,
  HistoryExportQuery,
  HistoryQuery,
  HistoryStateQuery,
} from '@appointment/contracts/history';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import type pg from 'pg';
import type { RecordedEvent } from '@appointment/contracts/events';
import { ForbiddenError, NotFoundError } from '../domain/errors';
import { allHistory, csvHeader, csvLine, historyPage, providerKnown } from '../history/history.queries';
import { pointOf, providerStateAt } from '../history/provider-state';
import { authOf, requireCapability } from './authenticate';
import { route } from './routes';

/**
 * A provider's history. Platform staff read every provider's; a provider's admin reads its own
 * (docs/product.md §6, `history.view` / `history.viewAny` in contracts/src/roles.ts).
 */
export const historyRouter = (
  pool: pg.Pool,
  /** Opens sealed personal fields; the store's `openEvents`. */
  open?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>,
  /** Where the log is not in this database (EventStoreDB): a stream as the log holds it. */
  readStream?: (streamName: string) => Promise<RecordedEvent[]>,
): Router => {
  const router = Router();

  const providerFor = async (providerId: string, res: Response): Promise<string> => {
    const auth = authOf(res);
    if (!can(auth.role, 'history.viewAny') && auth.providerId !== providerId)
      throw new ForbiddenError(MESSAGES.forbidden);
    if (!(await providerKnown(pool, providerId))) throw new NotFoundError(MESSAGES.providerNotFound);
    return providerId;
  };

  router.get(route(HISTORY_PATHS.history), requireCapability('history.view'), async (req, res) => {
    const query = HistoryQuery.parse(req.query);
    const providerId = await providerFor(String(req.params.id), res);
    res.json(await historyPage(pool, providerId, query));
  });

  router.get(route(HISTORY_PATHS.export), requireCapability('history.view'), async (req, res) => {
    const { format, ...query } = HistoryExportQuery.parse(req.query);
    const providerId = await providerFor(String(req.params.id), res);
    const name = `history-${providerId}.${format}`;
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    if (format === 'csv') res.write(csvHeader());
    for await (const entry of allHistory(pool, providerId, query))
      res.write(format === 'csv' ? csvLine(entry) : `${JSON.stringify(entry)}\n`);
    res.end();
  });

  router.get(route(HISTORY_PATHS.state), requireCapability('history.view'), async (req, res) => {
    const { at } = HistoryStateQuery.parse(req.query);
    const providerId = await providerFor(String(req.params.id), res);
    res.json(await providerStateAt(pool, providerId, pointOf(at), open, readStream ? { readStream } : {}));
  });

  return router;
};
