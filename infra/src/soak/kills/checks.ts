import { Queue } from 'bullmq';
import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { liveSchema, type Projection } from '@appointment/projections/projection';
import { PROJECTIONS } from '@appointment/projections/registry';
import { replayInto } from '@appointment/projections/rebuild';
import type { EventStore } from '@appointment/contracts/event-store';
import type { RecordedEvent } from '@appointment/contracts/events';
import { QUEUE_NAMES } from '@appointment/services/jobs/job-queues';
import { MAIL_SCHEMA } from '@appointment/services/mail/mail-outbox';
import { BOOKING_EVENT_TYPES, PROVIDER_EVENT_TYPES, rowIdFor } from '@appointment/services/mail/booking-mail';
import {
  NOTIFICATION_NAMESPACE,
  NOTIFYING_EVENT_TYPES,
} from '@appointment/projections/notifications.projection';
import { changedBy } from '@appointment/contracts/events/time-slot';
import { REMINDERS } from '@appointment/services/reminders/reminders';
import type { SunkMessage } from '@appointment/infra/testing/smtp-sink';
import type { HeardDelivery } from '@appointment/infra/testing/webhook-receiver';
import { providerOf, toIntegrationEvents } from '@appointment/contracts/integration-events';
import { deliveryIdOf } from '@appointment/services/integrations/webhooks/webhook-log';
import type { Ledger } from './load';

/**
 * What the kill soak checks once everything has settled and stopped: every read model equals a
 * clean rebuild from the same log, and every side effect happened exactly once per cause, the
 * causes read from the event log (and, for payments, from what the load was told).
 */

/**
 * Columns left out of the read-model comparison because they record when the projector ran
 * rather than what the log says. None today: every column of every read model is derived from
 * the events (times come from the events' own `at` fields and their commit time in the log,
 * which a rebuild reads back unchanged). `projector.checkpoints.updated_at` is such a column,
 * but checkpoints are the projector's bookkeeping, not a read model, and are not compared.
 * A read model that gains one names it here, with its reason.
 */
export const TIME_OF_PROCESSING_COLUMNS: Readonly<Record<string, readonly string[]>> = {};

export interface Finding {
  check: string;
  duplicates: number;
  missing: number;
  /** Effects without a cause in the log. */
  unexpected: number;
  /** Examples, for a person to follow up. */
  examples: string[];
}

export interface TableDiff {
  table: string;
  onlyLive: number;
  onlyRebuilt: number;
  examples: string[];
}

interface LogEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** Opens the personal fields the log holds sealed, as the processes read them. */
export type OpenEvents = (events: RecordedEvent[]) => Promise<RecordedEvent[]>;

const readLog = async (db: pg.Pool, open: OpenEvents = async (events) => events): Promise<LogEvent[]> => {
  const { rows } = await db.query<{
    event_id: string;
    event_type: string;
    stream_name: string;
    data: never;
    metadata: never;
  }>(
    `SELECT event_id, event_type, stream_name, data, metadata FROM es.events
      ORDER BY transaction_id, global_position`,
  );
  const opened = await open(
    rows.map(
      (row) =>
        ({
          id: row.event_id,
          type: row.event_type,
          streamName: row.stream_name,
          data: row.data,
          metadata: row.metadata,
        }) as unknown as RecordedEvent,
    ),
  );
  return opened.map((event) => ({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  }));
};

const finding = (check: string): Finding => ({
  check,
  duplicates: 0,
  missing: 0,
  unexpected: 0,
  examples: [],
});
const example = (f: Finding, text: string) => {
  if (f.examples.length < 5) f.examples.push(text);
};

/**
 * Rebuilds every read model into a schema of its own from the log, with the projections' own
 * code, and compares each table with the live one row by row (as multisets of whole rows, less
 * TIME_OF_PROCESSING_COLUMNS). The rebuilt schemas are dropped afterwards.
 */
export const compareReadModels = async (
  db: pg.Pool,
  store: EventStore,
  projections: readonly Projection[] = PROJECTIONS,
): Promise<TableDiff[]> => {
  const diffs: TableDiff[] = [];
  for (const projection of projections) {
    const live = liveSchema(projection);
    const rebuilt = `soak_rebuilt_${projection.name}`;
    await replayInto(db, store, projection, rebuilt, { batchSize: 2000 });
    try {
      const tablesOf = async (schema: string) =>
        (
          await db.query<{ table_name: string }>(
            `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
            [schema],
          )
        ).rows.map((row) => row.table_name);
      const liveTables = await tablesOf(live);
      const rebuiltTables = await tablesOf(rebuilt);
      for (const table of new Set([...liveTables, ...rebuiltTables])) {
        const name = `${live}.${table}`;
        if (!liveTables.includes(table) || !rebuiltTables.includes(table)) {
          diffs.push({
            table: name,
            onlyLive: 0,
            onlyRebuilt: 0,
            examples: ['the table is missing on one side'],
          });
          continue;
        }
        const ignored = TIME_OF_PROCESSING_COLUMNS[name] ?? [];
        const { rows: columns } = await db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2
            ORDER BY ordinal_position`,
          [live, table],
        );
        // Every column as text: json has no equality operator, and text compares exactly.
        const list = columns
          .map((c) => c.column_name)
          .filter((c) => !ignored.includes(c))
          .map((c) => `"${c}"::text AS "${c}"`)
          .join(', ');
        const only = async (a: string, b: string) =>
          db.query<{ row: string }>(
            `SELECT row_to_json(d)::text AS row FROM (
               SELECT ${list} FROM ${a}."${table}" EXCEPT ALL SELECT ${list} FROM ${b}."${table}") d`,
          );
        const onlyLive = await only(live, rebuilt);
        const onlyRebuilt = await only(rebuilt, live);
        if (onlyLive.rowCount || onlyRebuilt.rowCount) {
          diffs.push({
            table: name,
            onlyLive: onlyLive.rowCount ?? 0,
            onlyRebuilt: onlyRebuilt.rowCount ?? 0,
            examples: [
              ...onlyLive.rows.slice(0, 3).map((r) => `live only: ${r.row}`),
              ...onlyRebuilt.rows.slice(0, 3).map((r) => `rebuilt only: ${r.row}`),
            ],
          });
        }
      }
    } finally {
      await db.query(`DROP SCHEMA IF EXISTS ${rebuilt} CASCADE`);
    }
  }
  return diffs;
};

export interface SideEffectFigures {
  notifications: number;
  emails: number;
  remindersSent: number;
  remindersSuppressed: number;
  /** Reminder jobs not due yet when the run stopped, found waiting in their queue. */
  remindersWaiting: number;
  paymentConfirmations: number;
  paymentTimeouts: number;
  paymentTimeoutsWaiting: number;
  /** Refunds requested (with something to give back), made at the gateway, and still waiting for their job. */
  refundsRequested: number;
  refundsMade: number;
  refundsWaiting: number;
  /** Places offered to a waiter (issue 31), each told once like every other notice. */
  waitlistOffers: number;
  /** Recurring series in the log (issue 31), each whole. */
  seriesBooked: number;
  /**
   * E-mails handed to the SMTP server again because the worker was killed in the moment between
   * the server accepting them and the sender recording it (RESEND_WINDOW_MS). SMTP has no way to
   * make that moment safe; the resend carries the same Message-ID, so the receiver can tell.
   */
  emailResendsAfterKill: number;
  /**
   * Webhook deliveries the receiver heard again with the same webhook-id: a worker killed while
   * its request was in flight leaves the job to another, which sends it again. The
   * receiver tells the repeat by its webhook-id; a second event would be a duplicate.
   */
  webhookRepeats: number;
  /** The webhook deliveries the log called for (each was heard, or the check failed). */
  webhookDeliveries: number;
}

/**
 * How soon after a message was handed over a kill of the worker explains its resend: the time
 * to record one message as sent. A resend outside it (a whole batch sent again, two senders) is
 * a duplicate.
 */
export const RESEND_WINDOW_MS = 100;

export interface SideEffectReport {
  findings: Finding[];
  figures: SideEffectFigures;
}

export interface SideEffectInputs {
  db: pg.Pool;
  /** How the processes open sealed personal fields. */
  open?: OpenEvents;
  redisUrl: string;
  prefix: string;
  ledger: Ledger;
  /** Every message the SMTP sink accepted. */
  mail: SunkMessage[];
  /** The Message-ID domain of the outbox's e-mails (MAIL_FROM's). */
  mailDomain: string;
  /** When the worker (the mail sender) was SIGKILLed, epoch ms. */
  workerKilledAt: number[];
  /** When the worker was stopped (real epoch ms): jobs due later may still be waiting. */
  stoppedAt: number;
  /** Every request the webhook receiver heard. */
  webhooks: readonly HeardDelivery[];
}

/**
 * Each notification, e-mail, reminder and payment confirmation (and each unpaid timeout)
 * exactly once per cause.
 */
export const checkSideEffects = async (inputs: SideEffectInputs): Promise<SideEffectReport> => {
  const { db, ledger } = inputs;
  const log = await readLog(db, inputs.open);
  const byType = (type: string) => log.filter((event) => event.type === type);
  const queues = new Map<string, Queue>();
  const queue = (name: string) => {
    let found = queues.get(name);
    if (!found) {
      found = new Queue(name, { connection: { url: inputs.redisUrl }, prefix: inputs.prefix });
      found.on('error', () => undefined);
      queues.set(name, found);
    }
    return found;
  };
  /** A job not due by the time the worker stopped, still waiting for its time. */
  const waitingJob = async (name: string, jobId: string): Promise<boolean> => {
    const job = await queue(name).getJob(jobId);
    if (!job) return false;
    const state = await job.getState();
    return (
      ['delayed', 'waiting', 'prioritized'].includes(state) &&
      job.timestamp + (job.opts.delay ?? 0) > inputs.stoppedAt
    );
  };

  try {
    // Who is who, from the log.
    const admins = new Map<string, string[]>();
    for (const event of byType('UserRegistered')) {
      const d = event.data as { userId: string; role: string; providerId?: string };
      if (d.role === 'admin' && d.providerId)
        admins.set(d.providerId, [...(admins.get(d.providerId) ?? []), d.userId]);
    }
    const bookings = new Map<string, { userId: string; providerId: string; startDateTime: string }>();
    for (const event of byType('IntervalBooked')) {
      const d = event.data as {
        appointmentId: string;
        userId: string;
        providerId: string;
        startDateTime: string;
      };
      bookings.set(d.appointmentId, d);
    }

    // Notifications: a booking tells its user and the provider's admins, a payment too, a
    // reminder its user; rm_notifications holds one per (cause, recipient), its id made of both.
    const notifications = finding('notifications');
    const expected = new Map<string, string>();
    const expect = (cause: string, recipients: string[], what: string) => {
      for (const recipient of recipients)
        expected.set(
          uuidv5(`${cause}\u0001${recipient}`, NOTIFICATION_NAMESPACE),
          `${what} ${cause} → ${recipient}`,
        );
    };
    const notifyingCauses = new Set<string>();
    for (const event of log) {
      const d = event.data as { appointmentId?: string; providerId?: string; userId?: string };
      if (event.type === 'IntervalBooked')
        expect(event.id, [d.userId!, ...(admins.get(d.providerId!) ?? [])], 'booking');
      if (event.type === 'PaymentConfirmed') {
        const booking = bookings.get(d.appointmentId!);
        expect(event.id, [booking?.userId ?? '?', ...(admins.get(d.providerId!) ?? [])], 'payment');
      }
      if (event.type === 'ReminderSent') expect(event.id, [d.userId!], 'reminder');
      // A waitlist offer (issue 31) tells its waiter.
      if (event.type === 'PlaceOffered') expect(event.id, [d.userId!], 'waitlist offer');
      if (event.type === 'OfferWithdrawn') expect(event.id, [d.userId!], 'waitlist offer withdrawn');
      if (event.type === 'PaymentRefunded')
        expect(event.id, [bookings.get(d.appointmentId!)?.userId ?? '?'], 'refund');
      if (event.type === 'AppointmentStatusChanged') {
        // Its user is told of a cancellation or of the provider's confirm or reject; the admins of
        // a cancellation by the user or by the unpaid timeout.
        const booking = bookings.get(d.appointmentId!);
        const { to } = event.data as { to: string };
        const who = changedBy(event as typeof event & { data: { by?: string } });
        if (to === 'cancelled' && (who === 'user' || who === 'system'))
          expect(event.id, [booking?.userId ?? '?', ...(admins.get(d.providerId!) ?? [])], 'cancellation');
        else if (who === 'provider' && (to === 'scheduled' || to === 'cancelled' || to === 'no_show'))
          expect(event.id, [booking?.userId ?? '?'], 'status change');
      }
      if ((NOTIFYING_EVENT_TYPES as readonly string[]).includes(event.type)) notifyingCauses.add(event.id);
    }
    const listedRows = (
      await db.query<{ id: string; user_id: string; source_event_id: string; message: string }>(
        'SELECT id, user_id, source_event_id, message FROM rm_notifications.notifications',
      )
    ).rows;
    const perCause = new Map<string, number>();
    for (const row of listedRows) {
      if (!notifyingCauses.has(row.source_event_id)) continue;
      const key = `${row.source_event_id}\u0001${row.user_id}`;
      perCause.set(key, (perCause.get(key) ?? 0) + 1);
      if (!expected.has(row.id)) {
        notifications.unexpected++;
        example(notifications, `unexpected notification ${row.id} (${row.message})`);
      }
    }
    for (const [key, count] of perCause) {
      if (count > 1) {
        notifications.duplicates += count - 1;
        example(notifications, `${count} notifications for ${key.replace('\u0001', ' → ')}`);
      }
    }
    const listed = new Set(listedRows.map((row) => row.id));
    for (const [id, what] of expected) {
      if (!listed.has(id)) {
        notifications.missing++;
        example(notifications, `notification ${id} (${what}) is not in its recipient's list`);
      }
    }

    // E-mails: one outbox row per unverified registration and per reminder sent, and a booking's
    // e-mails, each handed to the SMTP server exactly once (told apart by the Message-ID the row
    // gives it).
    const emails = finding('emails');
    const causes = new Map<string, string>();
    for (const event of byType('UserRegistered')) {
      if (!(event.data as { emailVerified?: boolean }).emailVerified)
        causes.set(event.id, `registration ${event.id}`);
    }
    for (const event of byType('ReminderSent')) {
      if ((event.data as { email?: string }).email) causes.set(event.id, `reminder ${event.id}`);
    }
    const rows = (
      await db.query<{ id: string; sent: boolean }>(
        `SELECT id, sent_at IS NOT NULL AS sent FROM ${MAIL_SCHEMA}.messages`,
      )
    ).rows;
    // A booking's e-mails (issue 29): whom to tell is the mail reactor's reading of the read models
    // (a confirmed address, the provider's admins), so each of their rows must have its cause in
    // the log (a booking event, to its user or to an admin) and be handed over exactly once.
    // (A registration's e-mails go to the superadmins and to the admin reviewed, the same way.)
    const staff = (
      await db.query<{ id: string }>(`SELECT id FROM rm_accounts.users WHERE role IN ('admin', 'superadmin')`)
    ).rows.map((row) => row.id);
    const everyone = [...new Set([...[...admins.values()].flat(), ...staff])];
    const bookingMail = new Map<string, string>();
    for (const event of log.filter(
      (each) => BOOKING_EVENT_TYPES.has(each.type) || PROVIDER_EVENT_TYPES.has(each.type),
    )) {
      bookingMail.set(event.id, `${event.type} ${event.id}`);
      for (const person of everyone)
        bookingMail.set(rowIdFor(event.id, person), `${event.type} ${event.id} to ${person}`);
    }
    // A waitlist offer's e-mail (issue 31), to its waiter, keyed by the offer's event.
    for (const event of byType('PlaceOffered')) bookingMail.set(event.id, `PlaceOffered ${event.id}`);
    for (const row of rows) {
      const what = bookingMail.get(row.id);
      if (what) causes.set(row.id, `booking mail: ${what}`);
    }
    const rowIds = new Set(rows.map((row) => row.id));
    const delivered = new Map<string, number>();
    const handedAt = new Map<string, number[]>();
    for (const message of inputs.mail) {
      delivered.set(message.messageId, (delivered.get(message.messageId) ?? 0) + 1);
      handedAt.set(message.messageId, [...(handedAt.get(message.messageId) ?? []), message.at]);
    }
    let emailResendsAfterKill = 0;
    const known = new Set<string>();
    for (const [id, what] of causes) {
      const messageId = `<${id}@${inputs.mailDomain}>`;
      known.add(messageId);
      const count = delivered.get(messageId) ?? 0;
      if (!rowIds.has(id)) {
        emails.missing++;
        example(emails, `no outbox row for ${what}`);
      } else if (count === 0) {
        emails.missing++;
        example(emails, `${what}: never handed to the SMTP server`);
      } else if (count > 1) {
        const times = handedAt.get(messageId)!;
        for (let k = 1; k < times.length; k++) {
          const explained = inputs.workerKilledAt.some(
            (kill) => kill >= times[k - 1]! && kill <= times[k - 1]! + RESEND_WINDOW_MS && kill <= times[k]!,
          );
          if (explained) emailResendsAfterKill++;
          else {
            emails.duplicates++;
            example(emails, `${what}: handed to the SMTP server again ${times[k]! - times[k - 1]!} ms later`);
          }
        }
      }
    }
    for (const row of rows) {
      if (!causes.has(row.id)) {
        emails.unexpected++;
        example(emails, `outbox row ${row.id} without a cause`);
      } else if (!row.sent) {
        emails.missing++;
        example(emails, `outbox row ${row.id} is not marked sent`);
      }
    }
    for (const [messageId, count] of delivered) {
      if (!known.has(messageId)) {
        emails.unexpected += count;
        example(emails, `a message ${messageId || '(no Message-ID)'} without a cause`);
      }
    }

    // Reminders: each time an appointment became scheduled, a 24-hour and a 1-hour reminder job,
    // each deciding once (ReminderSent or ReminderSuppressed), or still waiting for its time.
    const reminders = finding('reminders');
    const decisions = new Map<string, number>();
    for (const event of [...byType('ReminderSent'), ...byType('ReminderSuppressed')]) {
      const d = event.data as { scheduledBy: string; kind: string };
      const key = `${d.scheduledBy}-${d.kind}`;
      decisions.set(key, (decisions.get(key) ?? 0) + 1);
    }
    const scheduledBy = log.filter(
      (event) =>
        (event.type === 'IntervalBooked' && event.data.status === 'scheduled') ||
        (event.type === 'AppointmentStatusChanged' && event.data.to === 'scheduled'),
    );
    let remindersWaiting = 0;
    const expectedDecisions = new Set<string>();
    for (const event of scheduledBy) {
      for (const reminder of REMINDERS) {
        const key = `${event.id}-${reminder.kind}`;
        expectedDecisions.add(key);
        const count = decisions.get(key) ?? 0;
        if (count > 1) {
          reminders.duplicates += count - 1;
          example(reminders, `${count} decisions for reminder ${key}`);
        } else if (count === 0) {
          if (await waitingJob(QUEUE_NAMES.reminders, `reminder-${key}`)) remindersWaiting++;
          else {
            reminders.missing++;
            example(reminders, `reminder ${key} was never decided and is not waiting`);
          }
        }
      }
    }
    for (const key of decisions.keys()) {
      if (!expectedDecisions.has(key)) {
        reminders.unexpected++;
        example(reminders, `a reminder decision ${key} without a cause`);
      }
    }

    // Payment confirmations: one PaymentConfirmed per payment the product accepted, none other.
    const payments = finding('payment_confirmations');
    const confirmed = new Map<string, number>();
    for (const event of byType('PaymentConfirmed')) {
      const id = String(event.data.appointmentId);
      confirmed.set(id, (confirmed.get(id) ?? 0) + 1);
    }
    for (const id of ledger.paid) {
      const count = confirmed.get(id) ?? 0;
      if (count === 0) {
        payments.missing++;
        example(payments, `the payment of ${id} was accepted but never confirmed`);
      }
    }
    for (const [id, count] of confirmed) {
      if (count > 1) {
        payments.duplicates += count - 1;
        example(payments, `${count} confirmations of ${id}`);
      }
      if (!ledger.paid.has(id)) {
        payments.unexpected++;
        example(payments, `${id} confirmed without an accepted payment`);
      }
    }

    // The unpaid timeout: each paid booking left unpaid is cancelled once, or still waits.
    const timeouts = finding('payment_timeouts');
    const cancelled = new Map<string, number>();
    for (const event of byType('AppointmentStatusChanged')) {
      if (event.data.to !== 'cancelled') continue;
      const id = String(event.data.appointmentId);
      cancelled.set(id, (cancelled.get(id) ?? 0) + 1);
    }
    let timeoutsWaiting = 0;
    let timeoutsDone = 0;
    for (const id of ledger.leftUnpaid.keys()) {
      const count = cancelled.get(id) ?? 0;
      if (count === 1) timeoutsDone++;
      else if (count > 1) {
        timeouts.duplicates += count - 1;
        example(timeouts, `${id} cancelled ${count} times`);
      } else if (await waitingJob(QUEUE_NAMES.paymentTimeout, `timeout-${id}`)) timeoutsWaiting++;
      else {
        timeouts.missing++;
        example(timeouts, `unpaid ${id} was never cancelled and its timeout is not waiting`);
      }
    }

    // Refunds (issue 29): each requested refund made once at the gateway (the sandbox's ledger,
    // one row per key) and recorded once, or its job still waiting; none made without a request;
    // every payment the user cancelled has its refund requested.
    const refunds = finding('refunds');
    const requested = new Map<string, number>();
    for (const event of byType('RefundRequested')) {
      const d = event.data as { refundKey: string; amount: number };
      if (d.amount > 0) requested.set(d.refundKey, d.amount);
    }
    const recorded = new Map<string, number>();
    for (const event of byType('PaymentRefunded')) {
      const key = String(event.data.refundKey);
      recorded.set(key, (recorded.get(key) ?? 0) + 1);
    }
    const made = new Map(
      (
        await db.query<{ key: string; amount: string }>('SELECT key, amount FROM payments_sandbox.refunds')
      ).rows.map((row) => [row.key, Number(row.amount)]),
    );
    let refundsWaiting = 0;
    for (const [key, amount] of requested) {
      const count = recorded.get(key) ?? 0;
      if (count > 1) {
        refunds.duplicates += count - 1;
        example(refunds, `refund ${key} recorded ${count} times`);
      }
      if (made.has(key) && made.get(key) !== amount) {
        refunds.unexpected++;
        example(refunds, `refund ${key} made for ${made.get(key)}, requested ${amount}`);
      }
      if (count === 0 || !made.has(key)) {
        if (await waitingJob(QUEUE_NAMES.refunds, key)) refundsWaiting++;
        else {
          refunds.missing++;
          example(
            refunds,
            `refund ${key} was requested but ${made.has(key) ? 'not recorded' : 'never made'}`,
          );
        }
      }
    }
    for (const key of made.keys())
      if (!requested.has(key)) {
        refunds.unexpected++;
        example(refunds, `refund ${key} made without a request`);
      }
    const refundRequestedFor = new Set(
      byType('RefundRequested').map((event) => String(event.data.appointmentId)),
    );
    for (const id of ledger.cancelledPaid)
      if (!refundRequestedFor.has(id)) {
        refunds.missing++;
        example(refunds, `the paid ${id} was cancelled but no refund was requested`);
      }

    const {
      finding: webhooks,
      repeats: webhookRepeats,
      expected: webhookDeliveries,
    } = checkWebhookDeliveries(log, inputs.webhooks);
    const { finding: series, series: seriesBooked } = checkSeries(log, ledger);

    return {
      findings: [notifications, emails, reminders, payments, timeouts, refunds, webhooks, series],
      figures: {
        notifications: listedRows.length,
        emails: inputs.mail.length,
        remindersSent: byType('ReminderSent').length,
        remindersSuppressed: byType('ReminderSuppressed').length,
        remindersWaiting,
        paymentConfirmations: byType('PaymentConfirmed').length,
        paymentTimeouts: timeoutsDone,
        paymentTimeoutsWaiting: timeoutsWaiting,
        refundsRequested: requested.size,
        refundsMade: made.size,
        refundsWaiting,
        waitlistOffers: byType('PlaceOffered').length,
        seriesBooked,
        emailResendsAfterKill,
        webhookRepeats,
        webhookDeliveries,
      },
    };
  } finally {
    await Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined)));
  }
};

/**
 * Recurring series (issue 31): every series the log holds is whole (held all at once or not at
 * all), each occurrence booked once; every series the product answered as booked is in the log.
 */
const checkSeries = (log: LogEvent[], ledger: Ledger): { finding: Finding; series: number } => {
  const series = finding('series');
  const held = new Map<string, { count: number; seen: Map<number, number> }>();
  for (const event of log) {
    if (event.type !== 'IntervalBooked') continue;
    const of = (event.data as { series?: { seriesId: string; occurrence: number; count: number } }).series;
    if (!of) continue;
    const entry = held.get(of.seriesId) ?? { count: of.count, seen: new Map<number, number>() };
    entry.seen.set(of.occurrence, (entry.seen.get(of.occurrence) ?? 0) + 1);
    held.set(of.seriesId, entry);
  }
  for (const [id, { count, seen }] of held) {
    for (const [occurrence, times] of seen)
      if (times > 1) {
        series.duplicates += times - 1;
        example(series, `occurrence ${occurrence} of series ${id} booked ${times} times`);
      }
    if (seen.size < count) {
      series.missing += count - seen.size;
      example(series, `series ${id} partly held: ${seen.size} of ${count} occurrences`);
    }
  }
  for (const [id, count] of ledger.series)
    if (!held.has(id)) {
      series.missing += count;
      example(series, `series ${id} was answered as booked but is not in the log`);
    }
  return { finding: series, series: held.size };
};

/**
 * Webhook deliveries: from the log, the (webhook, public event) pairs that must be
 * delivered — each public event of an internal one, for each webhook of its provider active
 * and subscribed to its type at that point of the log — and what the receiver heard. A pair
 * never heard is missing; a request the log does not call for is unexpected; one public event
 * heard under two webhook-ids, or one webhook-id with two different bodies, is a duplicate. The
 * same webhook-id heard again with the same body is a repeat (a killed worker's job run again).
 */
export const checkWebhookDeliveries = (
  log: readonly LogEvent[],
  heard: readonly HeardDelivery[],
): { finding: Finding; repeats: number; expected: number } => {
  const result = finding('webhook_deliveries');
  const hooks = new Map<string, { providerId: string; eventTypes: string[]; active: boolean }>();
  const expected = new Map<string, string>();
  for (const event of log) {
    const d = event.data as {
      webhookId?: string;
      providerId?: string;
      eventTypes?: string[];
      active?: boolean;
    };
    if (event.type === 'WebhookCreated' || event.type === 'WebhookEdited') {
      const before = hooks.get(d.webhookId!);
      hooks.set(d.webhookId!, {
        providerId: d.providerId ?? before?.providerId ?? '',
        eventTypes: d.eventTypes ?? [],
        active: d.active ?? true,
      });
    } else if (event.type === 'WebhookDeleted') hooks.delete(d.webhookId!);
    else if (event.type === 'WebhookDisabled') {
      const hook = hooks.get(d.webhookId!);
      if (hook) hook.active = false;
    }
    if (hooks.size === 0) continue;
    for (const publicEvent of toIntegrationEvents({ ...event, createdAt: '' })) {
      for (const [webhookId, hook] of hooks) {
        if (!hook.active || hook.providerId !== providerOf(publicEvent)) continue;
        if (!hook.eventTypes.includes(publicEvent.type)) continue;
        expected.set(
          deliveryIdOf(webhookId, publicEvent.id),
          `${publicEvent.type} ${publicEvent.id} to ${webhookId}`,
        );
      }
    }
  }
  const bodies = new Map<string, string[]>();
  for (const request of heard)
    bodies.set(request.webhookId, [...(bodies.get(request.webhookId) ?? []), request.body]);
  let repeats = 0;
  for (const [id, what] of expected) {
    const seen = bodies.get(id);
    if (!seen) {
      result.missing++;
      example(result, `${what}: never heard`);
      continue;
    }
    for (const body of seen.slice(1)) {
      if (body === seen[0]) repeats++;
      else {
        result.duplicates++;
        example(result, `${what}: heard again with another body`);
      }
    }
  }
  const eventsHeard = new Map<string, Set<string>>();
  for (const [id, seen] of bodies) {
    if (!expected.has(id)) {
      result.unexpected++;
      example(result, `webhook-id ${id} heard, but the log calls for no such delivery`);
    }
    const eventId = (JSON.parse(seen[0]!) as { id: string }).id;
    eventsHeard.set(eventId, new Set([...(eventsHeard.get(eventId) ?? []), id]));
  }
  for (const [eventId, ids] of eventsHeard) {
    // Several webhooks may hear one event; one webhook hears it under one id only.
    const perHook = ids.size - new Set([...ids].map((id) => expected.get(id)?.split(' to ')[1])).size;
    if (perHook > 0) {
      result.duplicates += perHook;
      example(result, `${eventId} heard under ${ids.size} webhook-ids`);
    }
  }
  return { finding: result, repeats, expected: expected.size };
};
