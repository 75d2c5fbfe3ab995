import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import type { RescheduleTarget } from '../../../lib/events';
import { SecondaryButton } from '../../../ui/button.styles';
import { describeSlot } from '../../../ui/slot-calendar/slot.format';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { selectPlaceRefusal } from '../booking.slice';
import { ErrorNotice } from './booking.styles';
import { Banner, BannerRow, BannerText } from './reschedule-banner.styles';

/** An interval's day and times on the provider's clock, in the chosen language ("Monday, …, 9:00 AM - 9:30 AM"). */
export const whenText = (start: string, end: string, timeZone: string | undefined): string => {
  const text = describeSlot(start, end, timeZone);
  return text ? `${text.date}, ${text.time}` : start;
};

/**
 * While a booking is being moved (issue 29): which booking and where it is now, a way back to the
 * list that keeps it there, and why the last move was refused.
 */
export function RescheduleBanner({ target, onStop }: { target: RescheduleTarget; onStop: () => void }) {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const error = useBookingSelector(selectPlaceRefusal);
  const textId = useId();
  const when = whenText(target.startDateTime, target.endDateTime, target.timezone);

  return (
    <Banner aria-labelledby={textId}>
      <BannerRow>
        <BannerText id={textId}>{t('reschedule.banner', { service: target.serviceName, when })}</BannerText>
        <SecondaryButton type="button" onClick={onStop}>
          {T.reschedule.stop}
        </SecondaryButton>
      </BannerRow>
      {error && <ErrorNotice role="alert">{error}</ErrorNotice>}
    </Banner>
  );
}
