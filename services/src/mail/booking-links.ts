import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BookingLinkPurpose } from '@appointment/contracts/appointments';
import type { MailLinks } from './mail-outbox';

/** Whether a link's token is the one expected, compared in constant time. */
export const sameToken = (expected: string, token: string): boolean => {
  const wanted = Buffer.from(expected);
  const given = Buffer.from(token);
  return wanted.length === given.length && timingSafeEqual(wanted, given);
};

/**
 * The signed links of a booking's e-mails (issue 29 "Telling people"): "Cancel" and "Reschedule",
 * working without signing in. A token is an HMAC of the links secret over the purpose, the
 * appointment, the expiry (the appointment's start) and how many times the appointment was
 * rescheduled: a cancel token cannot reschedule nor the reverse, no token names another
 * appointment, none works after the start, and a link mailed before a move is stale after it (so
 * a reschedule link moves its booking once; it never books). Never stored: only the secret makes one.
 */
export interface BookingLinkFacts {
  purpose: BookingLinkPurpose;
  appointmentId: string;
  /** The appointment's start in epoch ms: the link works until then. */
  expires: number;
  /** How many times the appointment was rescheduled when the link was made. */
  reschedules: number;
}

export const bookingLinkToken = (secret: string, facts: BookingLinkFacts): string =>
  createHmac('sha256', secret)
    .update(`booking-link:${facts.purpose}:${facts.appointmentId}:${facts.expires}:${facts.reschedules}`)
    .digest('base64url');

export const isGenuineBookingLink = (secret: string, facts: BookingLinkFacts, token: string): boolean =>
  sameToken(bookingLinkToken(secret, facts), token);

/** The frontend's pages of the links (public routes). */
export const BOOKING_LINK_SCREENS: Record<BookingLinkPurpose, string> = {
  cancel: '/booking-link/cancel',
  reschedule: '/booking-link/reschedule',
};

/** The page a link opens, with what it sends back. */
export const bookingLink = ({ publicUrl, secret }: MailLinks, facts: BookingLinkFacts): string => {
  const query = new URLSearchParams({
    appointment: facts.appointmentId,
    expires: String(facts.expires),
    token: bookingLinkToken(secret, facts),
  });
  return `${publicUrl}${BOOKING_LINK_SCREENS[facts.purpose]}?${query.toString()}`;
};
