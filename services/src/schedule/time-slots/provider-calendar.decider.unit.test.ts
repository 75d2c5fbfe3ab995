import { MESSAGES } from '@appointment/contracts/messages';
import { specFor } from '../../domain/decider-spec';
import { timeOffSpan } from '@appointment/contracts/schedule';
import { ConflictError, NotFoundError } from '../../domain/errors';
import {
  providerCalendarDecider,
  type CalendarEntry,
  type ProviderCalendarCommand,
  type ProviderCalendarEvent,
} from './provider-calendar.decider';

/** A provider's time slots never overlap in time. */
describe('provider calendar decider', () => {
  const spec = specFor(providerCalendarDecider);
  const now = '2026-11-24T00:30:00.000Z';
  const metadata = { now, correlationId: 'c1', userId: 'admin-1', role: 'admin' as const };
  // Asia/Kolkata: 09:00 is 03:30 UTC.
  const timeSlot = (id: string, from: string, to: string, date = '2026-11-25'): CalendarEntry => ({
    timeSlotId: id,
    date,
    startTime: from,
    endTime: to,
    startDateTime: new Date(`${date}T${from}:00+05:30`).toISOString(),
    endDateTime: new Date(`${date}T${to}:00+05:30`).toISOString(),
  });
  const reserve = (timeSlots: CalendarEntry[], existing?: CalendarEntry[]): ProviderCalendarCommand => ({
    type: 'ReserveTimeSlots',
    data: { providerId: 'p1', timeSlots, ...(existing ? { existing } : {}) },
    metadata,
  });
  const reserved = (timeSlots: CalendarEntry[]): ProviderCalendarEvent => ({
    type: 'WindowsReserved',
    data: { providerId: 'p1', windows: timeSlots, at: now },
  });
  const morning = timeSlot('w1', '09:00', '12:00');

  it('reserves time slots that touch but do not overlap', () =>
    spec
      .given([reserved([morning])])
      .when(reserve([timeSlot('w2', '12:00', '13:00'), timeSlot('w3', '08:00', '09:00')]))
      .then([reserved([timeSlot('w2', '12:00', '13:00'), timeSlot('w3', '08:00', '09:00')])]));

  it('refuses a time slot inside an existing one, naming the existing slot', () =>
    spec
      .given([reserved([morning])])
      .when(reserve([timeSlot('w2', '10:00', '11:00')]))
      .thenThrows(ConflictError, `${MESSAGES.slotOverlaps} 2026-11-25 from 09:00 to 12:00`));

  it('refuses two time slots of one request that overlap each other', () =>
    spec
      .given([])
      .when(reserve([timeSlot('w1', '09:00', '10:00'), timeSlot('w2', '09:30', '10:30')]))
      .thenThrows(ConflictError));

  it('allows the same times on another day', () =>
    spec
      .given([reserved([morning])])
      .when(reserve([timeSlot('w2', '09:00', '12:00', '2026-11-26')]))
      .then([reserved([timeSlot('w2', '09:00', '12:00', '2026-11-26')])]));

  it('reserves nothing again for a retried request', () =>
    spec
      .given([reserved([morning])])
      .when(reserve([morning]))
      .thenNothingHappened());

  it('reserves only the new time slots of a request that repeats some', () =>
    spec
      .given([reserved([morning])])
      .when(reserve([morning, timeSlot('w2', '13:00', '14:00')]))
      .then([reserved([timeSlot('w2', '13:00', '14:00')])]));

  it('opens with nothing recorded before: a first request reserves without an opening', () =>
    spec
      .given([])
      .when(reserve([morning], []))
      .then([reserved([morning])]));

  it('holds, once opened, the time slots of every event', () => {
    const state = [
      {
        type: 'CalendarOpened',
        data: { providerId: 'p1', windows: [morning], at: now },
      } as ProviderCalendarEvent,
      reserved([timeSlot('w2', '13:00', '14:00')]),
    ].reduce(providerCalendarDecider.evolve, providerCalendarDecider.initialState());
    expect(state).toMatchObject({ opened: true, timeSlots: [morning, timeSlot('w2', '13:00', '14:00')] });
  });

  it('opens with the time slots recorded before the calendar existed, and checks against them', () => {
    spec
      .given([])
      .when(reserve([timeSlot('w2', '13:00', '14:00')], [morning]))
      .then([
        { type: 'CalendarOpened', data: { providerId: 'p1', windows: [morning], at: now } },
        reserved([timeSlot('w2', '13:00', '14:00')]),
      ]);
    spec
      .given([])
      .when(reserve([timeSlot('w2', '11:00', '13:00')], [morning]))
      .thenThrows(ConflictError);
  });

  describe('new times and released times (issue 30)', () => {
    const released = (timeSlots: CalendarEntry[]): ProviderCalendarEvent => ({
      type: 'WindowsReleased',
      data: { providerId: 'p1', windows: timeSlots, at: now },
    });
    const newTimes = (entry: CalendarEntry): ProviderCalendarCommand => ({
      type: 'ReserveNewTimes',
      data: { providerId: 'p1', entry },
      metadata,
    });
    const release = (timeSlots: CalendarEntry[]): ProviderCalendarCommand => ({
      type: 'ReleaseTimeSlots',
      data: { providerId: 'p1', timeSlots },
      metadata,
    });
    const afternoon = timeSlot('w2', '13:00', '15:00');

    it('reserves new times of a time slot over its own old times', () =>
      spec
        .given([reserved([morning])])
        .when(newTimes(timeSlot('w1', '10:00', '13:00')))
        .then([reserved([timeSlot('w1', '10:00', '13:00')])]));

    it("refuses new times over another time slot's, naming it", () =>
      spec
        .given([reserved([morning, afternoon])])
        .when(newTimes(timeSlot('w1', '10:00', '14:00')))
        .thenThrows(ConflictError, `${MESSAGES.slotOverlaps} 2026-11-25 from 13:00 to 15:00`));

    it('releases a time once: the time is free for another time slot', () => {
      spec
        .given([reserved([morning])])
        .when(release([morning]))
        .then([released([morning])]);
      spec
        .given([reserved([morning]), released([morning])])
        .when(release([morning]))
        .thenNothingHappened();
      spec
        .given([reserved([morning]), released([morning])])
        .when(reserve([timeSlot('w3', '09:00', '12:00')]))
        .then([reserved([timeSlot('w3', '09:00', '12:00')])]);
    });

    it("releases a changed time slot's old times only, keeping its new ones", () => {
      const moved = timeSlot('w1', '10:00', '13:00');
      const state = [reserved([morning]), reserved([moved]), released([morning])].reduce(
        providerCalendarDecider.evolve,
        providerCalendarDecider.initialState(),
      );
      expect(state.timeSlots).toEqual([moved]);
      spec
        .given([reserved([morning]), reserved([moved]), released([morning])])
        .when(reserve([timeSlot('w4', '12:00', '14:00')]))
        .thenThrows(ConflictError);
    });
  });

  describe('time off (issue 30)', () => {
    // 2026-11-25 as a whole day off in Kolkata: 2026-11-24T18:30Z to 2026-11-25T18:30Z.
    const dayOff = {
      timeOffId: 'off-1',
      from: '2026-11-25',
      to: '2026-11-25',
      timezone: 'Asia/Kolkata',
      reason: 'Holiday',
      ...timeOffSpan('2026-11-25', '2026-11-25', 'Asia/Kolkata'),
    };
    const timeOffAdded: ProviderCalendarEvent = {
      type: 'TimeOffAdded',
      data: { ...dayOff, providerId: 'p1', at: now },
    };
    const addTimeOff = (existing?: CalendarEntry[]): ProviderCalendarCommand => ({
      type: 'AddTimeOff',
      data: { providerId: 'p1', timeOff: dayOff, ...(existing ? { existing } : {}) },
      metadata,
    });

    it('takes a whole day in the provider zone', () =>
      expect([dayOff.startDateTime, dayOff.endDateTime]).toEqual([
        '2026-11-24T18:30:00.000Z',
        '2026-11-25T18:30:00.000Z',
      ]));

    it('refuses a time slot inside time off, with its message', () =>
      spec
        .given([timeOffAdded])
        .when(reserve([timeSlot('w2', '10:00', '11:00')]))
        .thenThrows(ConflictError, MESSAGES.slotInTimeOff));

    it('reserves a time slot the day after the time off', () =>
      spec
        .given([timeOffAdded])
        .when(reserve([timeSlot('w2', '09:00', '10:00', '2026-11-26')]))
        .then([reserved([timeSlot('w2', '09:00', '10:00', '2026-11-26')])]));

    it('is recorded over existing time slots (their bookings are listed by the caller)', () =>
      spec
        .given([reserved([morning])])
        .when(addTimeOff())
        .then([timeOffAdded]));

    it('opens a calendar with the time slots it had before, and records a retried request once', () => {
      spec
        .given([])
        .when(addTimeOff([morning]))
        .then([
          { type: 'CalendarOpened', data: { providerId: 'p1', windows: [morning], at: now } },
          timeOffAdded,
        ]);
      spec.given([timeOffAdded]).when(addTimeOff()).then([]);
    });

    it('once deleted, frees its times; an unknown time off is not found', () => {
      const deleted: ProviderCalendarEvent = {
        type: 'TimeOffDeleted',
        data: { providerId: 'p1', timeOffId: 'off-1', at: now },
      };
      const remove: ProviderCalendarCommand = {
        type: 'DeleteTimeOff',
        data: { providerId: 'p1', timeOffId: 'off-1' },
        metadata,
      };
      spec.given([timeOffAdded]).when(remove).then([deleted]);
      spec
        .given([timeOffAdded, deleted])
        .when(reserve([timeSlot('w2', '10:00', '11:00')]))
        .then([reserved([timeSlot('w2', '10:00', '11:00')])]);
      spec.given([timeOffAdded, deleted]).when(remove).thenThrows(NotFoundError, MESSAGES.timeOffNotFound);
    });
  });
});
