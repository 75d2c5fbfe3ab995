import { z } from 'zod';

/**
 * What became of an outbound WhatsApp message, recorded once per reminder (or
 * confirmation) and channel on the appointment's reminder stream.
 */
export const MESSAGE_KINDS = ['confirmation', '24h', '1h'] as const;
export const MessageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKind>;

const MessageRef = z.object({
  appointmentId: z.string(),
  providerId: z.string(),
  kind: MessageKind,
  channel: z.literal('whatsapp'),
  at: z.string(),
});

export const WhatsAppMessageSent = MessageRef.extend({
  messageId: z.string(),
  template: z.string().optional(),
});
export const WhatsAppMessageFailed = MessageRef.extend({ error: z.string(), attempts: z.number() });
export const WhatsAppMessageSkipped = MessageRef.extend({ reason: z.string() });

export const MESSAGING_EVENTS = {
  WhatsAppMessageSent,
  WhatsAppMessageFailed,
  WhatsAppMessageSkipped,
} as const;

type DataOf = { [K in keyof typeof MESSAGING_EVENTS]: z.infer<(typeof MESSAGING_EVENTS)[K]> };
export type MessagingEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];

export const asMessagingEvent = (event: { type: string; data: unknown }): MessagingEvent | undefined => {
  if (!Object.hasOwn(MESSAGING_EVENTS, event.type)) return undefined;
  const type = event.type as keyof typeof MESSAGING_EVENTS;
  const parsed = MESSAGING_EVENTS[type].safeParse(event.data);
  return parsed.success ? ({ type, data: parsed.data } as MessagingEvent) : undefined;
};

/** A message as the admin sees it in the WhatsApp panel. */
export const WhatsAppMessageRecord = z.object({
  appointmentId: z.string(),
  kind: MessageKind,
  status: z.enum(['sent', 'failed', 'skipped']),
  detail: z.string(),
  at: z.string(),
});
export type WhatsAppMessageRecord = z.infer<typeof WhatsAppMessageRecord>;
