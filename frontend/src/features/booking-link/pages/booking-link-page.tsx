import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BookingLinkPurpose, FreePlace } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiMessageOf } from '../../../lib/api';
import { useCatalogue } from '../../../lib/catalogue';
import { formatPrice, formatZoned, formatZonedWhen } from '../../../lib/locale-format';
import { Button } from '../../../ui/button.styles';
import { FormError } from '../../../ui/message-text';
import { StatusBadge } from '../../../ui/status-badge';
import {
  useBookingLinkQuery,
  useCancelByLinkMutation,
  useRescheduleByLinkMutation,
} from '../booking-link.api';
import { Day, Lead, Places, Screen, SuccessNote, Title } from '../booking-link.styles';
import { BOOKING_LINK_TEXTS } from '../booking-link.texts';

/**
 * /booking-link/cancel and /booking-link/reschedule: the pages of a booking e-mail's signed links
 * (?appointment, ?expires, ?token), opened without signing in (issue 29). The cancel page shows
 * the booking and what cancelling does to its payment, then cancels on Confirm; the reschedule
 * page lists the free times of the same service by day and moves it to the one chosen.
 */
export function BookingLinkPage({ purpose }: { purpose: BookingLinkPurpose }) {
  const { texts, t } = useCatalogue('bookingLink', BOOKING_LINK_TEXTS);
  const titleId = useId();
  const [query] = useSearchParams();
  const id = query.get('appointment') ?? '';
  const proof = { token: query.get('token') ?? '', expires: query.get('expires') ?? '' };
  const complete = Boolean(id && proof.token);
  const read = useBookingLinkQuery({ id, proof, purpose }, { skip: !complete });
  const [cancel, cancelling] = useCancelByLinkMutation();
  const [reschedule, rescheduling] = useRescheduleByLinkMutation();
  const [chosen, setChosen] = useState<FreePlace | null>(null);
  const answer = read.currentData;
  const change = purpose === 'cancel' ? cancelling : rescheduling;
  const done = change.data;
  const busy = change.isLoading;
  const error = !complete
    ? MESSAGES.bookingLinkInvalid
    : (apiMessageOf(change.error) ?? (answer ? null : apiMessageOf(read.error)));

  const act = () =>
    void (purpose === 'cancel' ? cancel({ id, proof }) : chosen && reschedule({ id, proof, place: chosen }));

  const appointment = done?.appointment ?? answer?.appointment;
  const active = appointment && ['pending', 'scheduled'].includes(appointment.status);
  const money = (amount: number) => formatPrice(amount, answer!.appointment.currency);
  const terms = answer?.cancellation;
  const consequence = !terms
    ? null
    : !answer.appointment.paid || terms.refund + terms.fee === 0
      ? texts.nothingPaid
      : terms.fee === 0
        ? t('refundAll', { paid: money(terms.refund) })
        : terms.refund === 0
          ? texts.refundNone
          : t('refundLess', { fee: money(terms.fee), refund: money(terms.refund) });
  // The free times, grouped by the provider's day.
  const days = new Map<string, FreePlace[]>();
  for (const place of answer?.places ?? []) {
    const day = formatZoned(place.startDateTime, answer!.appointment.timezone, 'longDate') ?? '';
    days.set(day, [...(days.get(day) ?? []), place]);
  }

  return (
    <Screen aria-labelledby={titleId}>
      <Title id={titleId}>{purpose === 'cancel' ? texts.cancelTitle : texts.rescheduleTitle}</Title>
      {!answer && !error && <Lead>{texts.loading}</Lead>}
      {appointment && (
        <section aria-label={appointment.serviceName}>
          <Lead>
            <strong>{appointment.serviceName}</strong> — {appointment.providerName}
          </Lead>
          <Lead>
            {texts.when}: {formatZonedWhen(appointment.startDateTime, appointment.timezone)}
          </Lead>
          <Lead>
            {texts.status}: <StatusBadge status={appointment.status} />
          </Lead>
        </section>
      )}
      {done && (
        <SuccessNote role="status">{purpose === 'cancel' ? texts.cancelled : texts.moved}</SuccessNote>
      )}
      {answer && !done && !active && <Lead>{texts.notActive}</Lead>}
      {answer && !done && active && purpose === 'cancel' && (
        <>
          {consequence && <Lead>{consequence}</Lead>}
          <Button type="button" disabled={busy} onClick={act}>
            {busy ? texts.cancelling : texts.confirmCancel}
          </Button>
        </>
      )}
      {answer && !done && active && purpose === 'reschedule' && (
        <>
          {days.size === 0 && <Lead>{texts.noPlaces}</Lead>}
          {days.size > 0 && (
            <Places>
              <legend>{texts.places}</legend>
              {[...days.entries()].map(([day, places]) => (
                <Day key={day} role="group" aria-label={day}>
                  <strong>{day}</strong>
                  {places.map((place) => (
                    <label key={`${place.timeslotId}-${place.index ?? 'block'}`}>
                      <input
                        type="radio"
                        name="place"
                        checked={chosen === place}
                        onChange={() => setChosen(place)}
                      />{' '}
                      {formatZoned(place.startDateTime, answer.appointment.timezone, 'time')}
                    </label>
                  ))}
                </Day>
              ))}
            </Places>
          )}
          {chosen && (
            <Lead>
              {texts.from}: {formatZonedWhen(answer.appointment.startDateTime, answer.appointment.timezone)} →{' '}
              {texts.to}: {formatZonedWhen(chosen.startDateTime, answer.appointment.timezone)}
            </Lead>
          )}
          <Button type="button" disabled={busy || !chosen} onClick={act}>
            {busy ? texts.moving : texts.confirmMove}
          </Button>
        </>
      )}
      {error && <FormError role="alert">{error}</FormError>}
    </Screen>
  );
}
