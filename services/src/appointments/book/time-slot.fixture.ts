import type { TimeSlotAddedData } from '@appointment/contracts/events/time-slot';

/** The instant the decider tests act at. */
export const FIXTURE_NOW = '2026-11-22T09:00:00.000Z';

/**
 * The time slot the decider tests start from, as its `TimeSlotAdded` records it: 09:00–10:00 UTC
 * on 1 Dec at provider p1 for a Consultation, split in two 30-minute intervals; `over` changes any
 * field (`addAsSlot: false` makes it a block, `availableSlots` its capacity).
 */
export const timeSlotAdded = (
  over: Partial<TimeSlotAddedData> = {},
): { type: 'TimeSlotAdded'; data: TimeSlotAddedData } => ({
  type: 'TimeSlotAdded',
  data: {
    timeSlotId: 't1',
    providerId: 'p1',
    serviceIds: ['Consultation'],
    date: '2026-12-01',
    startTime: '09:00',
    endTime: '10:00',
    timezone: 'UTC',
    startDateTime: '2026-12-01T09:00:00.000Z',
    endDateTime: '2026-12-01T10:00:00.000Z',
    availableSlots: 2,
    addAsSlot: true,
    at: FIXTURE_NOW,
    ...over,
  },
});
