import type { Command, Decider } from '../command-handler';

/**
 * One availability window (SPEC §3 Time slot) is one stream: the consistency boundary for the
 * bookings of its intervals (DESIGN §5).
 */
export const timeSlotStream = (timeSlotId: string) => `timeslot-${timeSlotId}`;

export interface TimeSlotDetails {
  timeSlotId: string;
  providerId: string;
  serviceIds: string[];
  date: string;
  startTime: string;
  endTime: string;
  timezone: string;
  /** UTC instants of the window's start and end in the provider's zone. */
  startDateTime: string;
  endDateTime: string;
  availableSlots: number;
  addAsSlot: boolean;
}

export type TimeSlotCommand = Command & { type: 'AddTimeSlot'; data: TimeSlotDetails };

export type TimeSlotEvent = { type: 'TimeSlotAdded'; data: TimeSlotDetails & { at: string } };

export type TimeSlotState = { status: 'none' } | (TimeSlotDetails & { status: 'open'; indexes: number[] });

export const timeSlotDecider: Decider<TimeSlotCommand, TimeSlotEvent, TimeSlotState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TimeSlotAdded': {
        const { at: _at, ...details } = event.data;
        return { ...details, status: 'open', indexes: [] };
      }
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AddTimeSlot':
        // Adding the same window again (a retried request) changes nothing.
        return state.status === 'none'
          ? [{ type: 'TimeSlotAdded', data: { ...command.data, at: command.metadata.now } }]
          : [];
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
