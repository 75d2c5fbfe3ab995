import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Calendar from 'react-calendar';
import { addDays, addMonths, addWeeks, format, parseISO, setHours, startOfMonth } from 'date-fns';
import { formatIn } from '@appointment/contracts/booking';
import { CALENDAR, FORMATS, LAYOUT } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Role } from '@appointment/contracts/roles';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { SecondaryButton } from '../button.styles';
import { dayKeyOfTile, hourIn, isSelectable, slotsByDay, todayIn, type DaySlot } from './slot.format';
import { SLOT_CALENDAR_TEXTS } from './slot-calendar.texts';
import { VisuallyHidden } from '../visually-hidden.styles';
import { CalendarFrame } from './calendar-frame.styles';
import {
  CellSlots,
  DayArea,
  DayHeadButton,
  DayHeading,
  EmptyHour,
  HourColumnHead,
  HourLabel,
  HourList,
  HourRow,
  HourSlots,
  ScrollArea,
  SlotButton,
  SlotLabelText,
  Toolbar,
  ToolbarGroup,
  ToolbarLabel,
  ViewButton,
  WeekTable,
  type SlotTone,
} from './slot-calendar.styles';

export type CalendarView = (typeof CALENDAR.views)[number];

export interface SlotCalendarProps {
  timeslots: TimeSlot[];
  /** The provider's time zone: "today" is the provider's today and times are its wall clock. */
  timeZone: string | undefined;
  /** Who is looking: a day click depends on it (docs/product.md §2.6 day-click behaviour). */
  role: Role | null;
  /** Admin: a click on a day opens the slot management for that date. */
  onAdminDayClick?: (date: string) => void;
  /** User: a click on a day with slots, with that day's selection. */
  onUserDayClick?: (date: string, slots: DaySlot[]) => void;
  /** User: a slot picked in the week or day view. */
  onSlotChosen?: (slot: DaySlot) => void;
  /** The day whose selection is open, marked in the month grid. */
  selectedDay?: string | null;
}

// react-calendar's "gregory" weeks start on Sunday (docs/product.md §9).
const CALENDAR_TYPE = CALENDAR.weekStartsOn === 0 ? 'gregory' : 'iso8601';
const HOURS = Array.from({ length: LAYOUT.dayView.rows }, (_, hour) => hour);
/** Where an empty week or day opens: the working morning. */
const MORNING_HOUR = 8;
const ROW_HEIGHT = Number.parseInt(LAYOUT.dayView.rowHeight, 10);
const dayKey = (date: Date): string => format(date, FORMATS.dayKey);
const hourLabel = (hour: number): string => format(setHours(new Date(2000, 0, 1), hour), 'h a');

const toneOf = (slot: DaySlot): SlotTone =>
  slot.past ? 'grey' : slot.kind === 'interval' ? 'green' : 'blue';

function SlotEntry({ slot, onChoose }: { slot: DaySlot; onChoose: (slot: DaySlot) => void }) {
  const zone = slot.window.timezone;
  const start = formatIn(slot.startDateTime, zone, FORMATS.displayTime);
  const end = formatIn(slot.endDateTime, zone, FORMATS.displayTime);
  const tone = toneOf(slot);
  const label = slot.past
    ? SLOT_CALENDAR_TEXTS.pastSlot
    : slot.kind === 'block'
      ? slot.available
        ? SLOT_CALENDAR_TEXTS.available
        : SLOT_CALENDAR_TEXTS.unavailable
      : null;
  return (
    <SlotButton
      type="button"
      $tone={tone}
      data-tone={tone}
      data-kind={slot.kind}
      disabled={!isSelectable(slot)}
      onClick={() => onChoose(slot)}
    >
      <span>{start && end ? `${start} - ${end}` : MESSAGES.invalidDateFormat}</span>
      {label && <SlotLabelText>{label}</SlotLabelText>}
    </SlotButton>
  );
}

/**
 * docs/product.md §2.6 manual-mode calendar: a toolbar with the month and year, previous and next, Today
 * and the month, week and day views; the month grid highlights days with slots, the week view
 * shows hourly steps and the day view a 24-hour grid. Reusable: what a day click does depends on
 * the role (an admin's goes to onAdminDayClick).
 */
export function SlotCalendar({
  timeslots,
  timeZone,
  role,
  onAdminDayClick,
  onUserDayClick,
  onSlotChosen,
  selectedDay = null,
}: SlotCalendarProps) {
  const today = todayIn(timeZone);
  const [view, setView] = useState<CalendarView>(CALENDAR.startView);
  const [focus, setFocus] = useState(today);
  const byDay = useMemo(() => slotsByDay(timeslots), [timeslots]);
  const focusDate = parseISO(focus);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Issue 18: the week view shows the seven days from the focused day, which starts as today:
  // it opens on the current week from today, with no past days, and steps a week at a time.
  const weekDays = useMemo(() => {
    const first = parseISO(focus);
    return Array.from({ length: 7 }, (_, offset) => dayKey(addDays(first, offset)));
  }, [focus]);

  const slotsAt = (day: string, hour: number): DaySlot[] =>
    (byDay.get(day) ?? []).filter((slot) => hourIn(slot.startDateTime, slot.window.timezone) === hour);

  // The week and day views open scrolled to their first slot (or to the working morning).
  const firstHour = useMemo(() => {
    const shownDays = view === 'week' ? weekDays : view === 'day' ? [focus] : [];
    const hours = shownDays.flatMap((day) =>
      (byDay.get(day) ?? []).map((slot) => hourIn(slot.startDateTime, slot.window.timezone)),
    );
    return hours.length > 0 ? Math.max(0, Math.min(...hours)) : MORNING_HOUR;
  }, [byDay, view, focus, weekDays]);
  useEffect(() => {
    const area = scrollRef.current;
    if (!area) return;
    const row = area.querySelector<HTMLElement>(`[data-hour="${firstHour}"]`);
    if (!row) {
      area.scrollTop = firstHour * ROW_HEIGHT;
      return;
    }
    // The week's sticky day headers cover the top of the area.
    const header = area.querySelector<HTMLElement>('thead')?.offsetHeight ?? 0;
    area.scrollTop +=
      row.getBoundingClientRect().top - area.getBoundingClientRect().top - area.clientTop - header;
  }, [firstHour, view]);

  const step = (direction: 1 | -1) => {
    const next =
      view === 'month'
        ? startOfMonth(addMonths(focusDate, direction))
        : view === 'week'
          ? addWeeks(focusDate, direction)
          : addDays(focusDate, direction);
    setFocus(dayKey(next));
  };

  /** docs/product.md §2.6 day-click behaviour by role. */
  const clickDay = (day: string) => {
    setFocus(day);
    if (role === 'admin') {
      onAdminDayClick?.(day);
    } else if (role === 'user') {
      const slots = byDay.get(day);
      if (slots && slots.length > 0) onUserDayClick?.(day, slots);
    }
  };

  /** Only a user picks a slot; an admin's click on a slot does nothing. */
  const chooseSlot = (slot: DaySlot) => {
    if (role === 'user' && isSelectable(slot)) onSlotChosen?.(slot);
  };

  const stepNoun = view === 'month' ? 'month' : view === 'week' ? 'week' : 'day';

  return (
    <>
      <Toolbar>
        <ToolbarGroup>
          <SecondaryButton type="button" onClick={() => setFocus(today)}>
            {SLOT_CALENDAR_TEXTS.today}
          </SecondaryButton>
          <SecondaryButton
            type="button"
            aria-label={`${SLOT_CALENDAR_TEXTS.previous} ${stepNoun}`}
            onClick={() => step(-1)}
          >
            ‹ {SLOT_CALENDAR_TEXTS.previous}
          </SecondaryButton>
          <SecondaryButton
            type="button"
            aria-label={`${SLOT_CALENDAR_TEXTS.next} ${stepNoun}`}
            onClick={() => step(1)}
          >
            {SLOT_CALENDAR_TEXTS.next} ›
          </SecondaryButton>
        </ToolbarGroup>
        <ToolbarLabel aria-live="polite" data-testid="calendar-label">
          {format(focusDate, 'MMMM yyyy')}
        </ToolbarLabel>
        <ToolbarGroup role="group" aria-label={SLOT_CALENDAR_TEXTS.calendarView}>
          {CALENDAR.views.map((name) => (
            <ViewButton key={name} type="button" aria-pressed={view === name} onClick={() => setView(name)}>
              {SLOT_CALENDAR_TEXTS.views[name]}
            </ViewButton>
          ))}
        </ToolbarGroup>
      </Toolbar>

      {view === 'month' && (
        <CalendarFrame>
          <Calendar
            locale="en-US"
            calendarType={CALENDAR_TYPE}
            minDetail="month"
            maxDetail="month"
            activeStartDate={startOfMonth(focusDate)}
            onActiveStartDateChange={({ activeStartDate: next, action }) => {
              if (next && action !== 'onChange') setFocus(dayKey(next));
            }}
            value={selectedDay ? parseISO(selectedDay) : null}
            prev2Label={null}
            next2Label={null}
            prevAriaLabel="Previous month"
            nextAriaLabel="Next month"
            tileDisabled={({ date }) => dayKeyOfTile(date) < today}
            tileClassName={({ date }) => (byDay.has(dayKeyOfTile(date)) ? 'has-slots' : null)}
            tileContent={({ date }) =>
              byDay.has(dayKeyOfTile(date)) ? (
                <VisuallyHidden>{`, ${SLOT_CALENDAR_TEXTS.hasSlots}`}</VisuallyHidden>
              ) : null
            }
            onClickDay={(date) => clickDay(dayKeyOfTile(date))}
          />
        </CalendarFrame>
      )}

      {view === 'week' && (
        <ScrollArea
          ref={scrollRef}
          role="region"
          aria-label={`${SLOT_CALENDAR_TEXTS.weekView}, ${format(parseISO(weekDays[0]!), FORMATS.longDate)}`}
          tabIndex={0}
        >
          <WeekTable>
            <thead>
              <tr>
                <HourColumnHead scope="col">
                  <VisuallyHidden>Hour</VisuallyHidden>
                </HourColumnHead>
                {weekDays.map((day) => (
                  <th key={day} scope="col">
                    <DayHeadButton
                      type="button"
                      $today={day === today}
                      disabled={day < today}
                      aria-label={format(parseISO(day), FORMATS.longDate)}
                      onClick={() => clickDay(day)}
                    >
                      {format(parseISO(day), 'EEE d')}
                    </DayHeadButton>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {HOURS.map((hour) => (
                <tr key={hour} data-hour={hour}>
                  <th scope="row">{hourLabel(hour)}</th>
                  {weekDays.map((day) => (
                    <td key={day}>
                      <CellSlots>
                        {slotsAt(day, hour).map((slot) => (
                          <SlotEntry key={slot.key} slot={slot} onChoose={chooseSlot} />
                        ))}
                      </CellSlots>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </WeekTable>
        </ScrollArea>
      )}

      {view === 'day' && (
        <DayView
          day={focus}
          slots={byDay.get(focus) ?? []}
          scrollRef={scrollRef}
          slotsAt={(hour) => slotsAt(focus, hour)}
          onChoose={chooseSlot}
        />
      )}
    </>
  );
}

function DayView({
  day,
  slots,
  scrollRef,
  slotsAt,
  onChoose,
}: {
  day: string;
  slots: DaySlot[];
  scrollRef: RefObject<HTMLDivElement | null>;
  slotsAt: (hour: number) => DaySlot[];
  onChoose: (slot: DaySlot) => void;
}) {
  const title = format(parseISO(day), FORMATS.longDate);
  const available = slots.some(isSelectable);
  return (
    <>
      <DayHeading $available={available} data-available={available}>
        {title}
      </DayHeading>
      <DayArea
        ref={scrollRef}
        role="region"
        aria-label={`${SLOT_CALENDAR_TEXTS.dayView}, ${title}`}
        tabIndex={0}
        $available={available}
        data-available={available}
      >
        <HourList>
          {HOURS.map((hour) => {
            const inHour = slotsAt(hour);
            return (
              <HourRow key={hour} data-hour={hour} aria-label={hourLabel(hour)}>
                <HourLabel>{hourLabel(hour)}</HourLabel>
                <HourSlots>
                  {inHour.length === 0 ? (
                    <EmptyHour>{SLOT_CALENDAR_TEXTS.noSlotsInHour}</EmptyHour>
                  ) : (
                    inHour.map((slot) => <SlotEntry key={slot.key} slot={slot} onChoose={onChoose} />)
                  )}
                </HourSlots>
              </HourRow>
            );
          })}
        </HourList>
      </DayArea>
    </>
  );
}
