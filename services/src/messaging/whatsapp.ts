import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { readEvent, type ReadableEvent } from '@appointment/contracts/events/read-event';
import type { MessageKind, MessagingEvent } from '@appointment/contracts/events/messaging';
import type { WhatsAppSettings } from '@appointment/contracts/integration-settings';
import { mailLanguageOf, WHATSAPP_TEXTS } from '@appointment/contracts/mail-texts';
import { integrationSettingsOf } from '@appointment/projections/integration-settings.queries';
import type { Projection } from '@appointment/projections/projection';
import { appDispatcher } from './app-dispatcher';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobContext, type JobQueues } from '../jobs/job-queues';
import { remindersStream } from '../reminders/reminders';
import { bookingFacts, whenOf, type BookingFacts } from './booking-facts';
import { IntegrationError, type IntegrationClient } from '../integrations/client';

/**
 * WhatsApp messages (docs/product.md §7.8 the business messaging API v18.0): when a provider has
 * WhatsApp enabled, the booking confirmation and the 24 h and 1 h reminders also go to the
 * person's phone, if they chose WhatsApp in their profile. Each is a job with retries whose
 * outcome (sent, failed with the API's message, or skipped with the reason) is recorded once on
 * the appointment's reminder stream.
 */
export interface WhatsAppJob {
  appointmentId: string;
  timeSlotId: string;
  providerId: string;
  kind: MessageKind;
  /** The event the message answers: the scheduling, or the ReminderSent. */
  causedBy: string;
}

export const WHATSAPP_ATTEMPTS = 5;
const NAMESPACE = '0c7d5e8f-1a2b-4c3d-9e8f-7a6b5c4d3e2f';
const TEMPLATE_FOR: Record<MessageKind, string> = {
  confirmation: 'appointment_confirmation',
  '24h': 'appointment_reminder',
  '1h': 'appointment_reminder',
};

/** Who skipped an event whose data does not fit its schema, in the warning. */
const READER = 'whatsapp dispatcher';

/** The message a recorded event asks for, if any. */
const messageFor = (event: ReadableEvent): Omit<WhatsAppJob, 'causedBy'> | undefined => {
  const booked = readEvent('IntervalBooked', event, READER);
  if (booked) {
    const { appointmentId, timeSlotId, providerId, status } = booked;
    return status === 'scheduled'
      ? { appointmentId, timeSlotId, providerId, kind: 'confirmation' }
      : undefined;
  }
  const changed = readEvent('AppointmentStatusChanged', event, READER);
  if (changed) {
    const { appointmentId, timeSlotId, providerId, to } = changed;
    return to === 'scheduled' ? { appointmentId, timeSlotId, providerId, kind: 'confirmation' } : undefined;
  }
  const reminder = readEvent('ReminderSent', event, READER);
  if (reminder) {
    const { appointmentId, timeSlotId, providerId, kind } = reminder;
    return providerId && (kind === '24h' || kind === '1h')
      ? { appointmentId, timeSlotId, providerId, kind }
      : undefined;
  }
  return undefined;
};

/** Sets a WhatsApp job for each confirmation and reminder of a provider with WhatsApp on. */
export const whatsAppDispatcher = (jobs: Pick<JobQueues, 'enqueueMany'>): Projection =>
  appDispatcher<WhatsAppJob>(jobs, {
    name: 'whatsapp_dispatcher',
    queue: QUEUE_NAMES.whatsapp,
    jobName: 'send-whatsapp',
    jobOf: (event) => {
      const message = messageFor(event);
      return message && { ...message, causedBy: event.id };
    },
    appOn: `(whatsapp->>'enabled')::boolean AND whatsapp->>'phoneNumberId' <> '' AND whatsapp->>'accessToken' <> ''`,
    options: (event, job) => ({
      jobId: `whatsapp-${event.id}-${job.kind}`,
      attempts: WHATSAPP_ATTEMPTS,
      backoffMs: 2_000,
    }),
  });

export interface WhatsAppSenderDependencies {
  store: EventStore;
  pool: pg.Pool;
  /** The integration client for the operator's own endpoints (WHATSAPP_API_URL is a setting). */
  client: Pick<IntegrationClient, 'send'>;
  /** WHATSAPP_API_URL: the messaging API's base, with its version (https://graph.facebook.com/v18.0). */
  apiUrl: string;
  now?: () => Date;
}

interface Recipient {
  phone: string;
  wantsWhatsApp: boolean;
  language: string;
}

const recipientOf = async (pool: pg.Pool, userId: string): Promise<Recipient | undefined> => {
  const { rows } = await pool.query<{ phone: string; notify_whatsapp: boolean; language: string }>(
    `SELECT phone, notify_whatsapp, language FROM rm_accounts.users WHERE id = $1`,
    [userId],
  );
  return (
    rows[0] && { phone: rows[0].phone, wantsWhatsApp: rows[0].notify_whatsapp, language: rows[0].language }
  );
};

/**
 * The template for the recipient's language. A provider may keep one template name in several languages
 * (en, es_ES, fr…); the one in the recipient's language is taken, an approved one first. Without one, the
 * provider's approved template goes out in its own language, since the messaging API delivers a template
 * message outside the 24-hour conversation window and a plain text not; only then the template's text, or
 * the built-in text in the recipient's language.
 */
const templateFor = (settings: WhatsAppSettings, kind: MessageKind, language: string) => {
  const named = settings.templates.filter((candidate) => candidate.name === TEMPLATE_FOR[kind]);
  const inLanguage = named.filter((candidate) => candidate.language.split('_')[0] === language);
  return (
    inLanguage.find((candidate) => candidate.status === 'approved') ??
    named.find((candidate) => candidate.status === 'approved') ??
    inLanguage[0]
  );
};

/**
 * The request body of docs/product.md §7.8: a template when approved, else its text filled in; in the
 * recipient's language where the provider has the template in it (templateFor).
 */
export const whatsAppBody = (
  settings: WhatsAppSettings,
  kind: MessageKind,
  facts: BookingFacts,
  to: string,
  language: string,
) => {
  const { date, time } = whenOf(facts, language);
  const values = [facts.serviceName, facts.providerName, date, time];
  const template = templateFor(settings, kind, language);
  const common = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (template?.status === 'approved') {
    return {
      ...common,
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language || 'en' },
        components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
      },
    };
  }
  const builtIn = WHATSAPP_TEXTS[mailLanguageOf(language)];
  const text = template?.body ?? builtIn[kind === 'confirmation' ? 'confirmation' : 'reminder'];
  return {
    ...common,
    type: 'text',
    text: { body: text.replace(/\{\{(\d)\}\}/g, (_match, n: string) => values[Number(n) - 1] ?? '') },
  };
};

/** One WhatsApp job: decides, sends, and records the outcome once. */
export const runWhatsApp = async (
  deps: WhatsAppSenderDependencies,
  job: JobContext<WhatsAppJob>,
): Promise<void> => {
  const { appointmentId, providerId, kind, timeSlotId, causedBy } = job.data;
  const at = () => (deps.now?.() ?? new Date()).toISOString();
  const record = (event: MessagingEvent) =>
    deps.store.append(
      remindersStream(appointmentId),
      [
        {
          id: uuidv5(`${causedBy}\u0001${kind}\u0001whatsapp`, NAMESPACE),
          type: event.type,
          data: event.data,
          metadata: { causationId: causedBy },
        },
      ],
      { expectedRevision: 'any' },
    );
  const ref = { appointmentId, providerId, kind, channel: 'whatsapp' as const };
  const skip = (reason: string) =>
    record({ type: 'WhatsAppMessageSkipped', data: { ...ref, reason, at: at() } });

  const facts = await bookingFacts(deps.store, timeSlotId, appointmentId);
  if (!facts || facts.status !== 'scheduled')
    return void (await skip(`the appointment is ${facts?.status ?? 'unknown'}`));
  const { whatsapp } = await integrationSettingsOf(deps.pool, providerId);
  if (!whatsapp.enabled || !whatsapp.phoneNumberId)
    return void (await skip('WhatsApp is off for this provider'));
  // Sent with the provider's own token only; there is no platform-wide one.
  const token = whatsapp.accessToken;
  if (!token) return void (await skip('the provider has not given its WhatsApp access token'));
  const recipient = await recipientOf(deps.pool, facts.userId);
  if (!recipient?.wantsWhatsApp) return void (await skip('the person has not chosen WhatsApp messages'));
  const to = recipient.phone.replace(/\D/g, '');
  if (!to) return void (await skip('the person has no phone number'));

  const body = whatsAppBody(whatsapp, kind, facts, to, recipient.language);
  try {
    const answer = await deps.client.send({
      url: `${deps.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(whatsapp.phoneNumberId)}/messages`,
      method: 'POST',
      json: body,
      bearer: token,
      maxResponseBytes: 64 * 1024,
    });
    const messageId = (jsonOf(answer.body) as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]
      ?.id;
    await record({
      type: 'WhatsAppMessageSent',
      data: {
        ...ref,
        messageId: typeof messageId === 'string' ? messageId : '',
        ...(body.type === 'template' ? { template: TEMPLATE_FOR[kind] } : {}),
        at: at(),
      },
    });
  } catch (error) {
    if (!(error instanceof IntegrationError)) throw error;
    // A client error will not mend by itself; anything else is tried again while tries remain.
    const status = error.response?.status;
    const final = job.attempt >= job.attempts || (status !== undefined && status < 500 && status !== 429);
    if (!final) throw error;
    await record({
      type: 'WhatsAppMessageFailed',
      data: { ...ref, error: apiMessageOf(error), attempts: job.attempt, at: at() },
    });
  }
};

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The messaging API's own error message when it gave one (Graph API: `error.message`). */
const apiMessageOf = (error: IntegrationError): string => {
  const message = (jsonOf(error.response?.body ?? '') as { error?: { message?: unknown } } | undefined)?.error
    ?.message;
  return typeof message === 'string' ? message : error.message;
};
