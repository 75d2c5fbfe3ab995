import { parseArgs } from 'node:util';
import { figure, note } from '../bench/harness';
import { runKillSoak, type KillSoakResult } from './kills/run';

/**
 * `npm run soak -- kills [--projector-kills N] [--worker-kills M] [--people P]`:
 * under a steady booking load the projector is SIGKILLed N times (200) and the worker M times
 * (50) at random points; afterwards every read model must equal a clean rebuild and every
 * notification, e-mail, reminder, payment confirmation and unpaid timeout must have happened
 * exactly once (kills/checks.ts). Exits non-zero when any check fails.
 */
const SUITE = 'kills';

const count = (value: string | undefined, fallback: number, flag: string): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} must be a whole number, got ${value}`);
  return n;
};

export const printFigures = (result: KillSoakResult): void => {
  const { ledger, figures } = result;
  const sum = (key: 'duplicates' | 'missing' | 'unexpected') =>
    result.findings.reduce((total, f) => total + f[key], 0);
  figure(SUITE, 'projector_kills', result.projectorKills, '');
  figure(SUITE, 'worker_kills', result.workerKills, '');
  figure(SUITE, 'duration_s', Math.round(result.durationS), 's');
  figure(SUITE, 'load_s', Math.round(result.loadS), 's');
  figure(SUITE, 'settle_s', Math.round(result.settleS), 's');
  figure(SUITE, 'events', result.events, '');
  figure(SUITE, 'bookings', ledger.bookings.size, '');
  figure(SUITE, 'bookings_refused_409', ledger.conflicts, '');
  figure(SUITE, 'payments', ledger.paid.size, '');
  figure(SUITE, 'left_unpaid', ledger.leftUnpaid.size, '');
  figure(SUITE, 'status_changes', ledger.statusChanges, '');
  figure(SUITE, 'registrations', ledger.registrations, '');
  figure(SUITE, 'requests', ledger.requests, '');
  figure(
    SUITE,
    'request_failures',
    [...ledger.failures.values()].reduce((a, b) => a + b, 0),
    '',
  );
  figure(SUITE, 'waitlist_offers', figures.waitlistOffers, '');
  figure(SUITE, 'series_booked', figures.seriesBooked, '');
  figure(SUITE, 'waitlist_offers_claimed', ledger.offersClaimed, '');
  figure(SUITE, 'waitlist_offers_declined', ledger.offersDeclined, '');
  figure(SUITE, 'notifications', figures.notifications, '');
  figure(SUITE, 'emails', figures.emails, '');
  figure(SUITE, 'reminders_sent', figures.remindersSent, '');
  figure(SUITE, 'reminders_suppressed', figures.remindersSuppressed, '');
  figure(SUITE, 'reminders_waiting', figures.remindersWaiting, '');
  figure(SUITE, 'payment_confirmations', figures.paymentConfirmations, '');
  figure(SUITE, 'payment_timeouts', figures.paymentTimeouts, '');
  figure(SUITE, 'payment_timeouts_waiting', figures.paymentTimeoutsWaiting, '');
  figure(SUITE, 'refunds_requested', figures.refundsRequested, '');
  figure(SUITE, 'refunds_made', figures.refundsMade, '');
  figure(SUITE, 'refunds_waiting', figures.refundsWaiting, '');
  figure(SUITE, 'email_resends_after_kill', figures.emailResendsAfterKill, '');
  figure(SUITE, 'webhook_deliveries', figures.webhookDeliveries, '');
  figure(SUITE, 'webhook_repeats_after_kill', figures.webhookRepeats, '');
  figure(SUITE, 'duplicates', sum('duplicates'), '');
  figure(SUITE, 'missing', sum('missing'), '');
  figure(SUITE, 'unexpected', sum('unexpected'), '');
  figure(
    SUITE,
    'read_model_diffs',
    result.readModelDiffs.reduce((total, d) => total + Math.max(1, d.onlyLive + d.onlyRebuilt), 0),
    '',
  );
  figure(SUITE, 'unexpected_exits', result.unexpectedExits.length, '');
  // Informational: live pushes are a hint, at most once across a projector kill.
  figure(SUITE, 'live_push.expected', result.livePush.expected, '');
  figure(SUITE, 'live_push.missed', result.livePush.missed, '');
  figure(SUITE, 'live_push.repeated', result.livePush.repeated, '');
};

/** What failed, in words, on stderr. */
export const describeFailures = (result: KillSoakResult): string[] => [
  ...result.readModelDiffs.map(
    (d) =>
      `read model ${d.table}: ${d.onlyLive} rows only live, ${d.onlyRebuilt} only rebuilt\n      ${d.examples.join('\n      ')}`,
  ),
  ...result.findings
    .filter((f) => f.duplicates + f.missing + f.unexpected > 0)
    .map(
      (f) =>
        `${f.check}: ${f.duplicates} duplicates, ${f.missing} missing, ${f.unexpected} unexpected\n      ${f.examples.join('\n      ')}`,
    ),
  ...result.unexpectedExits,
  ...Object.entries(result.stopCodes)
    .filter(([, code]) => code !== 0)
    .map(([name, code]) => `${name} stopped with ${code} on SIGTERM`),
];

export const run = async (args: string[]): Promise<void> => {
  const { values } = parseArgs({
    args,
    options: {
      'projector-kills': { type: 'string' },
      'worker-kills': { type: 'string' },
      people: { type: 'string' },
    },
  });
  const result = await runKillSoak({
    projectorKills: count(values['projector-kills'], 200, 'projector-kills'),
    workerKills: count(values['worker-kills'], 50, 'worker-kills'),
    people: count(values.people, 6, 'people'),
  });
  printFigures(result);
  if (result.ledger.failures.size > 0) {
    note(`kills: answers other than success: ${JSON.stringify(Object.fromEntries(result.ledger.failures))}`);
  }
  if (!result.passed) {
    for (const line of describeFailures(result)) note(`  FAILED ${line}`);
    note(`kills: the processes' output is kept in ${result.logDir}`);
    process.exitCode = 1;
  } else note('kills: every read model equals its rebuild; every side effect happened exactly once');
};
