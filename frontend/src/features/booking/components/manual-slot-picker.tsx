import { useMemo } from 'react';
import { format, parseISO } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Role } from '@appointment/contracts/roles';
import type { TimeSlot } from '@appointment/contracts/schedule';
import {
  daysWithSlots,
  describeSlot,
  isSelectable,
  slotsOfDay,
  type DaySlot,
} from '../../../ui/slot-calendar/slot.format';
import { BOOKING_TEXTS } from '../booking.texts';
import { LinkButton } from './booking.styles';
import { Note, SlotArea, SlotHeader, SlotTitle } from './booking-screen.styles';
import { DayTitle, SlotBadge, SlotChoice, SlotItem, SlotList } from './manual-slot-picker.styles';
import { SlotCalendar } from '../../../ui/slot-calendar/slot-calendar';

interface ManualSlotPickerProps {
  timeslots: TimeSlot[];
  /** The provider's time zone: "today" is the provider's today. */
  timeZone: string | undefined;
  role: Role | null;
  selectedDay: string | null;
  onDayChosen: (day: string) => void;
  onSlotChosen: (slot: DaySlot) => void;
  onSwitch: () => void;
}

function SlotLabel({ slot }: { slot: DaySlot }) {
  if (slot.past) return <SlotBadge $tone="muted">{BOOKING_TEXTS.pastSlot}</SlotBadge>;
  if (slot.kind === 'interval') return null;
  return slot.available ? (
    <SlotBadge $tone="success">{BOOKING_TEXTS.available}</SlotBadge>
  ) : (
    <SlotBadge $tone="danger">{BOOKING_TEXTS.unavailable}</SlotBadge>
  );
}

/**
 * docs/product.md §2.6 manual mode: the calendar, and below it the selection of the day clicked (the
 * day's split intervals, or its raw slots); picking a time opens the confirm dialog.
 */
export function ManualSlotPicker({
  timeslots,
  timeZone,
  role,
  selectedDay,
  onDayChosen,
  onSlotChosen,
  onSwitch,
}: ManualSlotPickerProps) {
  const days = useMemo(() => daysWithSlots(timeslots), [timeslots]);
  const daySlots = useMemo(
    () => (selectedDay ? slotsOfDay(timeslots, selectedDay) : []),
    [timeslots, selectedDay],
  );

  return (
    <SlotArea aria-labelledby="manual-slot-title">
      <SlotHeader>
        <SlotTitle id="manual-slot-title">{BOOKING_TEXTS.manualTitle}</SlotTitle>
        <LinkButton type="button" onClick={onSwitch}>
          {BOOKING_TEXTS.switchToAutomatic}
        </LinkButton>
      </SlotHeader>
      <SlotCalendar
        timeslots={timeslots}
        timeZone={timeZone}
        role={role}
        selectedDay={selectedDay}
        onUserDayClick={onDayChosen}
        onSlotChosen={onSlotChosen}
      />
      {!selectedDay ? (
        <Note>{days.size === 0 ? BOOKING_TEXTS.noSlots : BOOKING_TEXTS.pickADay}</Note>
      ) : (
        <section aria-labelledby="day-slots-title">
          <DayTitle id="day-slots-title">{format(parseISO(selectedDay), FORMATS.longDate)}</DayTitle>
          {daySlots.length === 0 ? (
            <Note role="status">{BOOKING_TEXTS.noOpenSlotsThatDay}</Note>
          ) : (
            <SlotList aria-labelledby="day-slots-title">
              {daySlots.map((slot) => (
                <SlotItem key={slot.key} $kind={slot.kind} $past={slot.past}>
                  <SlotChoice
                    type="button"
                    disabled={!isSelectable(slot) || role !== 'user'}
                    onClick={() => onSlotChosen(slot)}
                  >
                    {describeSlot(slot.startDateTime, slot.endDateTime, slot.window.timezone)?.time ??
                      MESSAGES.invalidDateFormat}
                  </SlotChoice>
                  <SlotLabel slot={slot} />
                </SlotItem>
              ))}
            </SlotList>
          )}
        </section>
      )}
      <Note>
        {BOOKING_TEXTS.timesShownIn} ({timeZone})
      </Note>
    </SlotArea>
  );
}
