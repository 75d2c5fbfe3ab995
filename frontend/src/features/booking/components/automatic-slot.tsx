import { MESSAGES } from '@appointment/contracts/messages';
import { ViewerTime } from '../../../ui/viewer-time';
import { useCatalogue } from '../../../lib/catalogue';
import type { FetchSlotResponse } from '@appointment/contracts/schedule';
import { Button } from '../../../ui/button.styles';
import { describeSlot } from '../../../ui/slot-calendar/slot.format';
import { BOOKING_TEXTS } from '../booking.texts';
import { LinkButton } from './booking.styles';
import { BookRow, Note, SlotArea, SlotDate, SlotHeader, SlotTime, SlotTitle } from './booking-screen.styles';
import { MessageText } from '../../../ui/message-text';

interface AutomaticSlotProps {
  firstTimeslot: FetchSlotResponse['firstTimeslot'];
  onSwitch: () => void;
  /** Opens the confirm dialog for the next slot. */
  onBook: () => void;
}

/** docs/product.md §2.6 automatic mode: the next available slot, or why there is none. */
export function AutomaticSlot({ firstTimeslot, onSwitch, onBook }: AutomaticSlotProps) {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const text = firstTimeslot
    ? describeSlot(firstTimeslot.intervalStart, firstTimeslot.intervalEnd, firstTimeslot.timezone)
    : null;

  return (
    <SlotArea aria-labelledby="automatic-slot-title">
      <SlotHeader>
        <SlotTitle id="automatic-slot-title">{T.nextAvailableSlot}</SlotTitle>
        <LinkButton type="button" onClick={onSwitch}>
          {T.switchToManual}
        </LinkButton>
      </SlotHeader>
      {!firstTimeslot ? (
        <Note role="status">
          <MessageText>{MESSAGES.noAutomaticSlots}</MessageText>
        </Note>
      ) : !text ? (
        <Note role="alert">
          <MessageText>{MESSAGES.invalidDateFormat}</MessageText>
        </Note>
      ) : (
        <div>
          <SlotDate>{text.date}</SlotDate>
          <SlotTime>{text.time}</SlotTime>
          <ViewerTime
            start={firstTimeslot.intervalStart}
            end={firstTimeslot.intervalEnd}
            timeZone={firstTimeslot.timezone}
          />
          <Note>{t('timesShownIn', { timeZone: firstTimeslot.timezone })}</Note>
          <BookRow>
            <Button type="button" onClick={onBook}>
              {T.bookNow}
            </Button>
          </BookRow>
        </div>
      )}
    </SlotArea>
  );
}
