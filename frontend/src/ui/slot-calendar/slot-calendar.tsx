import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { MessageText } from '../message-text';
import Calendar from 'react-calendar';
import {
  addDays,
  addMonths,
  addWeeks,
  format,
  parseISO,
  setHours,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useCatalogue } from '../../lib/catalogue';
import { currentLanguage, formatLocal, formatZoned } from '../../lib/locale-format';
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
  /** The day the day view shows, each time it changes (Today, previous, next): a list below follows it. */
  onDayShown?: (date: string) => void;
}

// react-calendar's "gregory" weeks start on Sunday (docs/product.md §9).
const CALENDAR_TYPE = CALENDAR.weekStartsOn === 0 ? 'gregory' : 'iso8601';
const HOURS = Array.from({ length: LAYOUT.dayView.rows }, (_, hour) => hour);
/** Where an empty week or day opens: the working morning. */
const MORNING_HOUR = 8;
const ROW_HEIGHT = Number.parseInt(LAYOUT.dayView.rowHeight, 10);
const dayKey = (date: Date): string => format(date, FORMATS.dayKey);
const hourLabel = (hour: number): string => formatLocal(setHours(new Date(2000, 0, 1), hour), 'h a');
const CALENDAR_LOCALES = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' } as const;

/** A slot's end in its zone, in the chosen language (English: the spec's 12-hour clock). */
const zonedTime = (iso: string, zone: string | undefined): string | null =>
  currentLanguage() === 'en' || !zone
    ? formatIn(iso, zone, FORMATS.displayTime)
    : formatZoned(iso, zone, 'time');

const toneOf = (slot: DaySlot): SlotTone =>
  slot.past ? 'grey' : slot.kind === 'interval' ? 'green' : 'blue';

function SlotEntry({ slot, onChoose }: { slot: DaySlot; onChoose: (slot: DaySlot) => void }) {
  const { texts: T } = useCatalogue('slotCalendar', SLOT_CALENDAR_TEXTS);
  const zone = slot.timeSlot.timezone;
  const start = zonedTime(slot.startDateTime, zone);
  const end = zonedTime(slot.endDateTime, zone);
  const tone = toneOf(slot);
  const label = slot.past
    ? T.pastSlot
    : slot.kind === 'block'
      ? slot.available
        ? T.available
        : T.unavailable
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
      <span>
        {start && end ? `${start} - ${end}` : <MessageText>{MESSAGES.invalidDateFormat}</MessageText>}
      </span>
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
  onDayShown,
}: SlotCalendarProps) {
  const { texts: T, t } = useCatalogue('slotCalendar', SLOT_CALENDAR_TEXTS);
  const today = todayIn(timeZone);
  const [view, setView] = useState<CalendarView>(CALENDAR.startView);
  const [focus, setFocus] = useState(today);
  const byDay = useMemo(() => slotsByDay(timeslots), [timeslots]);
  const focusDate = parseISO(focus);
  const scrollRef = useRef<HTMLDivElement>(null);

  // The week view shows the week of the focused day, from its Sunday (docs/product.md §9), and
  // steps a week at a time; its past days are shown, not offered.
  const weekDays = useMemo(() => {
    const first = startOfWeek(parseISO(focus), { weekStartsOn: CALENDAR.weekStartsOn });
    return Array.from({ length: 7 }, (_, offset) => dayKey(addDays(first, offset)));
  }, [focus]);

  const slotsAt = (day: string, hour: number): DaySlot[] =>
    (byDay.get(day) ?? []).filter((slot) => hourIn(slot.startDateTime, slot.timeSlot.timezone) === hour);

  // The week and day views open scrolled to their first slot (or to the working morning).
  const firstHour = useMemo(() => {
    const shownDays = view === 'week' ? weekDays : view === 'day' ? [focus] : [];
    const hours = shownDays.flatMap((day) =>
      (byDay.get(day) ?? []).map((slot) => hourIn(slot.startDateTime, slot.timeSlot.timezone)),
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

  /** The focused day moves; in the day view, what is listed below the grid moves with it. */
  const moveTo = (day: string) => {
    setFocus(day);
    if (view === 'day') onDayShown?.(day);
  };

  const step = (direction: 1 | -1) => {
    const next =
      view === 'month'
        ? startOfMonth(addMonths(focusDate, direction))
        : view === 'week'
          ? addWeeks(focusDate, direction)
          : addDays(focusDate, direction);
    moveTo(dayKey(next));
  };

  const showView = (name: CalendarView) => {
    setView(name);
    if (name === 'day') onDayShown?.(focus);
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

  return (
    <>
      <Toolbar>
        <ToolbarGroup>
          <SecondaryButton type="button" onClick={() => moveTo(today)}>
            {T.today}
          </SecondaryButton>
          <SecondaryButton type="button" aria-label={T.previousStep[view]} onClick={() => step(-1)}>
            ‹ {T.previous}
          </SecondaryButton>
          <SecondaryButton type="button" aria-label={T.nextStep[view]} onClick={() => step(1)}>
            {T.next} ›
          </SecondaryButton>
        </ToolbarGroup>
        <ToolbarLabel aria-live="polite" data-testid="calendar-label">
          {formatLocal(focusDate, 'MMMM yyyy')}
        </ToolbarLabel>
        <ToolbarGroup role="group" aria-label={T.calendarView}>
          {CALENDAR.views.map((name) => (
            <ViewButton key={name} type="button" aria-pressed={view === name} onClick={() => showView(name)}>
              {T.views[name]}
            </ViewButton>
          ))}
        </ToolbarGroup>
      </Toolbar>

      {view === 'month' && (
        <CalendarFrame>
          <Calendar
            locale={CALENDAR_LOCALES[currentLanguage()]}
            calendarType={CALENDAR_TYPE}
            minDetail="month"
            maxDetail="month"
            activeStartDate={startOfMonth(focusDate)}
            onActiveStartDateChange={({ activeStartDate: next, action }) => {
              if (next && action !== 'onChange') setFocus(dayKey(next));
            }}
            value={selectedDay ? parseISO(selectedDay) : null}
            // One set of previous and next: the toolbar's (issue 32).
            showNavigation={false}
            tileDisabled={({ date }) => dayKeyOfTile(date) < today}
            tileClassName={({ date }) => (byDay.has(dayKeyOfTile(date)) ? 'has-slots' : null)}
            tileContent={({ date }) =>
              byDay.has(dayKeyOfTile(date)) ? <VisuallyHidden>{`, ${T.hasSlots}`}</VisuallyHidden> : null
            }
            onClickDay={(date) => clickDay(dayKeyOfTile(date))}
          />
        </CalendarFrame>
      )}

      {view === 'week' && (
        <ScrollArea
          ref={scrollRef}
          role="region"
          aria-label={t('weekViewOf', { date: formatLocal(parseISO(weekDays[0]!), FORMATS.longDate) })}
          tabIndex={0}
        >
          <WeekTable>
            <thead>
              <tr>
                <HourColumnHead scope="col">
                  <VisuallyHidden>{T.hour}</VisuallyHidden>
                </HourColumnHead>
                {weekDays.map((day) => (
                  <th key={day} scope="col">
                    <DayHeadButton
                      type="button"
                      $today={day === today}
                      disabled={day < today}
                      aria-label={formatLocal(parseISO(day), FORMATS.longDate)}
                      onClick={() => clickDay(day)}
                    >
                      {formatLocal(parseISO(day), 'EEE d')}
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
  const { texts: T, t } = useCatalogue('slotCalendar', SLOT_CALENDAR_TEXTS);
  const title = formatLocal(parseISO(day), FORMATS.longDate);
  const available = slots.some(isSelectable);
  return (
    <>
      <DayHeading $available={available} data-available={available}>
        {title}
      </DayHeading>
      <DayArea
        ref={scrollRef}
        role="region"
        aria-label={t('dayViewOf', { date: title })}
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
                    <EmptyHour>{T.noSlotsInHour}</EmptyHour>
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
