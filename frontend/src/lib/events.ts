import { createAction } from '@reduxjs/toolkit';
import type { Appointment, AppointmentStatus, BookingResponse } from '@appointment/contracts/appointments';
import type { Profile } from '@appointment/contracts/accounts';
import type { CheckoutInfo } from '@appointment/contracts/payments';
import type { Language } from './i18n';

/**
 * What one feature tells the others. A feature never imports another: it puts one of these
 * events, and whoever cares (another feature's slice or saga, the API cache) reacts to it. The
 * type strings are those the owning feature has always used.
 */

/** A paid booking's answer: the order, and how to run its checkout. */
export type PaidBookingResponse = BookingResponse & { checkout?: CheckoutInfo };

/** docs/product.md §4 booking flow step 6: the booking was taken; a paid one goes on to its checkout. */
export const appointmentBooked = createAction<PaidBookingResponse>('booking/appointmentBooked');

/** docs/product.md §4 step 8: the server verified a payment; the appointments read again. */
export const paymentConfirmed = createAction('payments/paymentConfirmed');

/** "Pay now" on an unpaid booking's card. */
export const payNowClicked = createAction<string>('payments/payNowClicked');

/** A status change asked for on the list (which then returns to /appointments) or the dashboard. */
export interface StatusChange {
  id: string;
  status: AppointmentStatus;
  /** Where to go once the change is made (docs/product.md §2.5: the list goes back to /appointments). */
  navigateTo?: string;
}

export const statusChangeRequested = createAction<StatusChange>('appointments/statusChangeRequested');
/** docs/product.md §4: the appointment as it is after the change. */
export const statusChanged = createAction<Appointment>('appointments/statusChanged');
export const statusChangeFailed = createAction<{ id: string; message: string }>(
  'appointments/statusChangeFailed',
);

/**
 * Reschedule on an appointment's card (issue 29) opens the booking screen with this as its route
 * state (`{ reschedule }`): the booking to move, which names its provider and service, where it is
 * now, and the list to come back to.
 */
export interface RescheduleTarget {
  appointmentId: string;
  providerId: string;
  serviceName: string;
  /** Where it is now: its interval's instants and the provider's time zone. */
  startDateTime: string;
  endDateTime: string;
  timezone: string;
  /** Whose booking it is: the provider's admin is asked about it by the booker's e-mail. */
  email?: string;
  /** The title of the appointment list it was opened from, which picks that list's filter. */
  listTitle?: string;
  /** Of a series (issue 31): its booker may move the following occurrences along with it. */
  series?: boolean;
}

/**
 * "Book Again" on a dashboard's service card opens the booking screen with this as its route state
 * (`{ bookAgain }`, issue 32): the provider and service to book again.
 */
export interface BookAgain {
  providerId: string;
  serviceName: string;
}

/** docs/product.md §3 Notification; createdAt is an ISO string, shown in the local format. */
export interface AppNotification {
  _id?: string;
  message: string;
  createdAt: string;
}

/** A live event (docs/product.md §4) from the socket channel. */
export const notificationReceived = createAction<AppNotification>('notifications/notificationReceived');

/** The language chosen in Settings, saved on the account too. */
export const languageChosen = createAction<Language>('settings/languageChosen');

/**
 * E-mail or SMS notifications switched in Settings (issue 32): the account's choices as they should
 * now be, saved on the account, which the profile shows.
 */
export const notificationPreferencesChosen = createAction<
  Pick<Profile['notificationPreferences'], 'email' | 'sms'>
>('settings/notificationPreferencesChosen');

/**
 * A person's profile as the screens keep it: the API's `timezone`, the person's own zone, is their
 * profile zone (docs/glossary.md); the profile feature maps it where requests are built and read.
 */
export type ProfileDetails = Omit<Profile, 'timezone'> & { profileZone: Profile['timezone'] };

/** The profile was saved; Settings follows its language. */
export const profileUpdateConfirmed = createAction<ProfileDetails>('profile/profileUpdateConfirmed');

/**
 * The booking screen opened a provider, or closed it (docs/product.md §2.6): the chat widget asks
 * that provider's assistant meanwhile. The booking feature's own action types.
 */
export const providerInView = createAction<{ id: string }>('booking/providerSelected');
export const providerOutOfView = createAction('booking/providerClosed');
