import { useMemo, useState } from 'react';
import Calendar from 'react-calendar';
import { format, parseISO, startOfMonth } from 'date-fns';
import { CALENDAR, FORMATS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { SecondaryButton } from '../../../ui/button.styles';
import {
  dayKeyOfTile,
  daysWithSlots,
  describeSlot,
  slotsOfDay,
  todayIn,
  type DaySlot,
} from '../booking.format';
import { BOOKING_TEXTS } from '../booking.texts';
import { LinkButton, VisuallyHidden } from './booking.styles';
import { Note, SlotArea, SlotHeader, SlotTitle } from './booking-screen.styles';
import {
  CalendarFrame,
  CalendarToolbar,
  DayTitle,
  SlotBadge,
  SlotItem,
  SlotList,
} from './manual-slot-picker.styles';

interface ManualSlotPickerProps {
  timeslots: TimeSlot[];
  /** The provider's time zone: "today" is the provider's today. */
  timeZone: string | undefined;
  selectedDay: string | null;
  onDayChosen: (day: string) => void;
  onSwitch: () => void;
}

// react-calendar's "gregory" weeks start on Sunday (SPEC §9).
const CALENDAR_TYPE = CALENDAR.weekStartsOn === 0 ? 'gregory' : 'iso8601';

function SlotLabel({ slot }: { slot: DaySlot }) {
  if (slot.past) return <SlotBadge $tone="muted">{BOOKING_TEXTS.pastSlot}</SlotBadge>;
  if (slot.kind === 'interval') return null;
  return slot.available ? (
    <SlotBadge $tone="success">{BOOKING_TEXTS.available}</SlotBadge>
  ) : (
    <SlotBadge $tone="danger">{BOOKING_TEXTS.unavailable}</SlotBadge>
  );
}

/** SPEC §2.6 manual mode: a month calendar whose days with slots open that day's times. */
export function ManualSlotPicker({
  timeslots,
  timeZone,
  selectedDay,
  onDayChosen,
  onSwitch,
}: ManualSlotPickerProps) {
  const [activeStartDate, setActiveStartDate] = useState(() => startOfMonth(new Date()));
  const days = useMemo(() => daysWithSlots(timeslots), [timeslots]);
  const today = todayIn(timeZone);
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
      <CalendarToolbar>
        <SecondaryButton type="button" onClick={() => setActiveStartDate(startOfMonth(new Date()))}>
          {BOOKING_TEXTS.today}
        </SecondaryButton>
      </CalendarToolbar>
      <CalendarFrame>
        <Calendar
          locale="en-US"
          calendarType={CALENDAR_TYPE}
          minDetail="month"
          maxDetail="month"
          activeStartDate={activeStartDate}
          onActiveStartDateChange={({ activeStartDate: next }) => next && setActiveStartDate(next)}
          value={selectedDay ? parseISO(selectedDay) : null}
          prev2Label={null}
          next2Label={null}
          prevAriaLabel="Previous month"
          nextAriaLabel="Next month"
          tileDisabled={({ date }) => dayKeyOfTile(date) < today}
          tileClassName={({ date }) => (days.has(dayKeyOfTile(date)) ? 'has-slots' : null)}
          tileContent={({ date }) =>
            days.has(dayKeyOfTile(date)) ? (
              <VisuallyHidden>{`, ${BOOKING_TEXTS.hasSlots}`}</VisuallyHidden>
            ) : null
          }
          onClickDay={(date) => {
            const day = dayKeyOfTile(date);
            if (days.has(day)) onDayChosen(day);
          }}
        />
      </CalendarFrame>
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
                  <span>
                    {describeSlot(slot.startDateTime, slot.endDateTime, slot.window.timezone)?.time ??
                      MESSAGES.invalidDateFormat}
                  </span>
                  <SlotLabel slot={slot} />
                </SlotItem>
              ))}
            </SlotList>
          )}
          <Note>
            {BOOKING_TEXTS.timesShownIn} ({timeZone})
          </Note>
        </section>
      )}
    </SlotArea>
  );
}
