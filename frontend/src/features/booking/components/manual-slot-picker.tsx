import { useMemo } from 'react';
import { MessageText } from '../../../ui/message-text';
import { useCatalogue } from '../../../lib/catalogue';
import { parseISO } from 'date-fns';
import { formatLocal } from '../../../lib/locale-format';
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
import { SLOT_CALENDAR_TEXTS } from '../../../ui/slot-calendar/slot-calendar.texts';
import { LinkButton } from './booking.styles';
import { Note, SlotArea, SlotHeader, SlotTitle } from './booking-screen.styles';
import {
  DayTitle,
  DayWaitlist,
  SlotBadge,
  SlotChoice,
  SlotItem,
  SlotList,
} from './manual-slot-picker.styles';
import { SlotCalendar } from '../../../ui/slot-calendar/slot-calendar';
import { apiMessageOf } from '../../../lib/api';
import { useJoinWaitlistMutation } from '../../../lib/waitlist.api';
import { FormError } from '../../../ui/message-text';
import { SmallButton } from '../../../ui/button.styles';

interface ManualSlotPickerProps {
  timeslots: TimeSlot[];
  /** The provider's time zone: "today" is the provider's today. */
  timeZone: string | undefined;
  role: Role | null;
  selectedDay: string | null;
  onDayChosen: (day: string) => void;
  onSlotChosen: (slot: DaySlot) => void;
  onSwitch: () => void;
  /** The service chosen: a full place's waitlist is for it (its taken intervals are listed too). */
  serviceName?: string;
}

function SlotLabel({ slot }: { slot: DaySlot }) {
  const { texts: SLOT_T } = useCatalogue('slotCalendar', SLOT_CALENDAR_TEXTS);
  if (slot.past) return <SlotBadge $tone="muted">{SLOT_T.pastSlot}</SlotBadge>;
  if (slot.kind === 'interval' && slot.available) return null;
  return slot.available ? (
    <SlotBadge $tone="success">{SLOT_T.available}</SlotBadge>
  ) : (
    <SlotBadge $tone="danger">{SLOT_T.unavailable}</SlotBadge>
  );
}

/**
 * A full block's or taken interval's "Join the waitlist" (issue 31): the first to wait is offered
 * the place when it frees.
 */
function JoinWaitlist({ slot, serviceName }: { slot: DaySlot; serviceName: string }) {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const [join, joining] = useJoinWaitlistMutation();
  const error = apiMessageOf(joining.error);
  return (
    <>
      <SmallButton
        type="button"
        disabled={joining.isLoading || joining.isSuccess}
        onClick={() =>
          void join({
            timeslotId: slot.timeSlot._id,
            serviceName,
            ...(slot.intervalNumber === undefined ? {} : { index: slot.intervalNumber }),
          })
        }
      >
        {joining.isSuccess ? T.joinedWaitlist : T.joinWaitlist}
      </SmallButton>
      {error && <FormError>{error}</FormError>}
    </>
  );
}

/**
 * "Any place of this service on that day" (issue 31): offered while every place of the day still to
 * come is taken; the server puts the entry in each full time slot of that day, named by one of them.
 * A refusal (a place freed meanwhile, 422) stays said while the day's places read again.
 */
function JoinDayWaitlist({
  full,
  timeSlot,
  serviceName,
}: {
  full: boolean;
  timeSlot: TimeSlot;
  serviceName: string;
}) {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const [join, joining] = useJoinWaitlistMutation();
  const error = apiMessageOf(joining.error);
  if (!full && !joining.isSuccess && !error) return null;
  return (
    <DayWaitlist>
      {(full || joining.isSuccess) && (
        <SmallButton
          type="button"
          disabled={joining.isLoading || joining.isSuccess}
          onClick={() => void join({ timeslotId: timeSlot._id, day: timeSlot.date, serviceName })}
        >
          {joining.isSuccess ? T.joinedDayWaitlist : T.joinDayWaitlist}
        </SmallButton>
      )}
      {error && <FormError role="alert">{error}</FormError>}
    </DayWaitlist>
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
  serviceName,
}: ManualSlotPickerProps) {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const days = useMemo(() => daysWithSlots(timeslots), [timeslots]);
  const daySlots = useMemo(
    () =>
      selectedDay
        ? slotsOfDay(timeslots, selectedDay, new Date(), { withTaken: role === 'user' && !!serviceName })
        : [],
    [timeslots, selectedDay, role, serviceName],
  );
  const upcoming = daySlots.filter((slot) => !slot.past);
  const dayFull = upcoming.length > 0 && upcoming.every((slot) => !slot.available);

  return (
    <SlotArea aria-labelledby="manual-slot-title">
      <SlotHeader>
        <SlotTitle id="manual-slot-title">{T.manualTitle}</SlotTitle>
        <LinkButton type="button" onClick={onSwitch}>
          {T.switchToAutomatic}
        </LinkButton>
      </SlotHeader>
      <SlotCalendar
        timeslots={timeslots}
        timeZone={timeZone}
        role={role}
        selectedDay={selectedDay}
        onUserDayClick={onDayChosen}
        onSlotChosen={onSlotChosen}
        onDayShown={onDayChosen}
      />
      {!selectedDay ? (
        <Note>{days.size === 0 ? T.noSlots : T.pickADay}</Note>
      ) : (
        <section aria-labelledby="day-slots-title">
          <DayTitle id="day-slots-title">{formatLocal(parseISO(selectedDay), FORMATS.longDate)}</DayTitle>
          {daySlots.length === 0 ? (
            <Note role="status">{T.noOpenSlotsThatDay}</Note>
          ) : (
            <SlotList aria-labelledby="day-slots-title">
              {daySlots.map((slot) => (
                <SlotItem key={slot.key} $kind={slot.kind} $past={slot.past}>
                  <SlotChoice
                    type="button"
                    disabled={!isSelectable(slot) || role !== 'user'}
                    onClick={() => onSlotChosen(slot)}
                  >
                    {describeSlot(slot.startDateTime, slot.endDateTime, slot.timeSlot.timezone)?.time ?? (
                      <MessageText>{MESSAGES.invalidDateFormat}</MessageText>
                    )}
                  </SlotChoice>
                  <SlotLabel slot={slot} />
                  {role === 'user' && serviceName && !slot.past && !slot.available && (
                    <JoinWaitlist slot={slot} serviceName={serviceName} />
                  )}
                </SlotItem>
              ))}
            </SlotList>
          )}
          {role === 'user' && serviceName && upcoming[0] && (
            <JoinDayWaitlist
              key={selectedDay}
              full={dayFull}
              timeSlot={upcoming[0].timeSlot}
              serviceName={serviceName}
            />
          )}
        </section>
      )}
      <Note>{t('timesShownIn', { timeZone })}</Note>
    </SlotArea>
  );
}
