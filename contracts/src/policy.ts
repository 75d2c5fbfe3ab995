import { z } from 'zod';
import { MESSAGES } from './messages';
import { toMinorUnits } from './money';

/**
 * A provider's booking policy (issue 29): until when its bookings may be cancelled or
 * rescheduled, what a late cancellation costs, whether a no-show is charged, and how often one
 * booking may move. Its admin sets it on the Services screen (Policies); the policy in force is
 * recorded in each booking's event, so a later change changes no past booking.
 */

const hours = z
  .number({ error: MESSAGES.policyHours })
  .int({ error: MESSAGES.policyHours })
  .min(0, { error: MESSAGES.policyHours })
  .max(720, { error: MESSAGES.policyHours });

/** The longest minimum notice: 30 days. */
export const MAX_NOTICE_MINUTES = 43_200;

/** The waitlist's offer window until a provider sets one (issue 31). */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 15;

export const LATE_CANCEL_FEE_KINDS = ['none', 'percent', 'fixed'] as const;

/** What a cancellation after the deadline keeps: nothing, a percentage or a fixed amount of the price. */
export const LateCancelFee = z
  .object({
    kind: z.enum(LATE_CANCEL_FEE_KINDS),
    value: z.number({ error: MESSAGES.policyFeeAmount }).min(0, { error: MESSAGES.policyFeeAmount }),
  })
  .refine((fee) => fee.kind !== 'percent' || fee.value <= 100, {
    error: MESSAGES.policyFeePercent,
    path: ['value'],
  });
export type LateCancelFee = z.infer<typeof LateCancelFee>;

export const BookingPolicy = z.object({
  /** Hours before the start until which a booking may be cancelled without a fee; 0 = any time. */
  cancelDeadlineHours: hours,
  /** Hours before the start until which a booking may be rescheduled; 0 = any time. */
  rescheduleDeadlineHours: hours,
  lateCancelFee: LateCancelFee,
  /** A no-show keeps the payment. */
  noShowCharged: z.boolean(),
  /** How many times one booking may be rescheduled. */
  maxReschedules: z
    .number({ error: MESSAGES.policyMaxReschedules })
    .int({ error: MESSAGES.policyMaxReschedules })
    .min(0, { error: MESSAGES.policyMaxReschedules })
    .max(20, { error: MESSAGES.policyMaxReschedules }),
  /**
   * Minutes kept free after each appointment (issue 30); stored and shown, and counted by the
   * time-slot form when it proposes intervals. 0 when absent (policies saved before it).
   */
  bufferMinutes: z
    .number({ error: MESSAGES.policyBufferMinutes })
    .int({ error: MESSAGES.policyBufferMinutes })
    .min(0, { error: MESSAGES.policyBufferMinutes })
    .max(240, { error: MESSAGES.policyBufferMinutes })
    .default(0),
  /**
   * How long before its start a slot may still be booked (issue 30): slots starting sooner than
   * now plus this are not offered, and booking one is refused. 0 when absent.
   */
  minimumNoticeMinutes: z
    .number({ error: MESSAGES.policyNoticeMinutes })
    .int({ error: MESSAGES.policyNoticeMinutes })
    .min(0, { error: MESSAGES.policyNoticeMinutes })
    .max(MAX_NOTICE_MINUTES, { error: MESSAGES.policyNoticeMinutes })
    .default(0),
  /**
   * How long a place freed for the waitlist is held for the waiter it is offered to (issue 31),
   * before it passes to the next one. 15 when absent.
   */
  waitlistOfferMinutes: z
    .number({ error: MESSAGES.policyOfferMinutes })
    .int({ error: MESSAGES.policyOfferMinutes })
    .min(1, { error: MESSAGES.policyOfferMinutes })
    .max(1440, { error: MESSAGES.policyOfferMinutes })
    .default(DEFAULT_WAITLIST_OFFER_MINUTES),
});
export type BookingPolicy = z.infer<typeof BookingPolicy>;

/** Until its admin sets one: cancel and reschedule up to 24 h before, no fee, 2 reschedules. */
export const DEFAULT_BOOKING_POLICY: BookingPolicy = {
  cancelDeadlineHours: 24,
  rescheduleDeadlineHours: 24,
  lateCancelFee: { kind: 'none', value: 0 },
  noShowCharged: false,
  maxReschedules: 2,
  bufferMinutes: 0,
  minimumNoticeMinutes: 0,
  waitlistOfferMinutes: DEFAULT_WAITLIST_OFFER_MINUTES,
};

/** A booking policy as events record it (the input rules above may tighten later). */
export const RecordedBookingPolicy = z.object({
  cancelDeadlineHours: z.number(),
  rescheduleDeadlineHours: z.number(),
  lateCancelFee: z.object({ kind: z.enum(LATE_CANCEL_FEE_KINDS), value: z.number() }),
  noShowCharged: z.boolean(),
  maxReschedules: z.number(),
  /** Absent from the bookings and policies recorded before issue 30: read as 0. */
  bufferMinutes: z.number().optional(),
  minimumNoticeMinutes: z.number().optional(),
  waitlistOfferMinutes: z.number().optional(),
});
export type RecordedBookingPolicy = z.infer<typeof RecordedBookingPolicy>;

/** The offer window of a recorded policy (issue 31): the default for policies recorded before it. */
export const waitlistOfferMinutesOf = (policy: RecordedBookingPolicy): number =>
  policy.waitlistOfferMinutes ?? DEFAULT_WAITLIST_OFFER_MINUTES;

/** The policy in force, and whether its admin has saved one yet (a new provider's first steps, issue 32). */
export const BookingPolicyAnswer = z.object({ policy: BookingPolicy, chosen: z.boolean() });
export type BookingPolicyAnswer = z.infer<typeof BookingPolicyAnswer>;
export const BookingPolicySaved = z.object({ message: z.string(), policy: BookingPolicy });
export type BookingPolicySaved = z.infer<typeof BookingPolicySaved>;

export const POLICY_PATHS = {
  /** The caller's provider's booking policy: GET reads it, PUT (the admin) replaces it. */
  bookingPolicy: '/api/providers/policy',
} as const;

/**
 * The earliest instant (ms) a slot may start to be offered or booked at `now` under a policy's
 * minimum notice (issue 30): elapsed minutes, so a DST change on the way moves no slot in or out.
 * A slot starting exactly then is still offered.
 */
export const earliestBookableStart = (
  policy: Pick<RecordedBookingPolicy, 'minimumNoticeMinutes'> | undefined,
  now: Date,
): number => now.getTime() + (policy?.minimumNoticeMinutes ?? 0) * 60_000;

/** What cancelling a booking costs under the policy it was booked with, in the currency's smallest unit. */
export interface CancellationTerms {
  /** After the policy's cancellation deadline. */
  late: boolean;
  /** What the provider keeps of a payment. */
  fee: number;
  /** What goes back to the person: the payment less the fee; 0 when nothing was paid. */
  refund: number;
  currency: string;
}

/** The last instant a booking may be cancelled without the late fee; null when any time is in time. */
export const cancelDeadlineOf = (policy: RecordedBookingPolicy, startDateTime: string): string | null =>
  policy.cancelDeadlineHours > 0
    ? new Date(Date.parse(startDateTime) - policy.cancelDeadlineHours * 3_600_000).toISOString()
    : null;

/** The last instant its booker may move a booking; null when any time before the start is in time. */
export const rescheduleDeadlineOf = (policy: RecordedBookingPolicy, startDateTime: string): string | null =>
  policy.rescheduleDeadlineHours > 0
    ? new Date(Date.parse(startDateTime) - policy.rescheduleDeadlineHours * 3_600_000).toISOString()
    : null;

/**
 * The one rule for cancelling (issue 29), used by the time slot's decider and by the cancel
 * dialog. The deadline counts whole hours of elapsed time before the start (a DST change on the
 * way moves the wall clock, not the deadline). Before it, a payment comes back in full; after it,
 * the late fee is kept (a percentage of the price, or a fixed amount, never more than was paid).
 */
export const cancellationTerms = (
  policy: RecordedBookingPolicy,
  /** `paid`: what was paid, in the currency's smallest unit (0 for nothing). */
  booking: { startDateTime: string; paid: number; currency: string },
  now: Date,
): CancellationTerms => {
  const deadline = cancelDeadlineOf(policy, booking.startDateTime);
  const late = deadline !== null && now.getTime() > Date.parse(deadline);
  const { paid } = booking;
  const { kind, value } = policy.lateCancelFee;
  const charged =
    !late || kind === 'none'
      ? 0
      : kind === 'percent'
        ? Math.round((paid * value) / 100)
        : toMinorUnits(value, booking.currency);
  const fee = Math.min(paid, charged);
  return { late, fee, refund: paid - fee, currency: booking.currency };
};
