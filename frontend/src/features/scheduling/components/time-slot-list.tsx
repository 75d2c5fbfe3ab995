import { format, parseISO } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { isDayKey, type TimeSlot } from '@appointment/contracts/schedule';
import { DataTable } from '../../../ui/data-table';
import { TableFrame } from '../../../ui/table.styles';
import type { ReadStatus } from '../../../lib/api';
import { Muted } from './scheduling.styles';

const COLUMNS = ['Date', 'Time', 'Services', 'Slots', 'Taken'] as const;

export const longDate = (date: string): string =>
  isDayKey(date) ? format(parseISO(date), FORMATS.longDate) : date;

/** docs/product.md §3 Time slot: split into equal parts, or one block for a number of people. */
export const shapeOf = (slot: TimeSlot): string => {
  if (slot.addAsSlot)
    return `Split into ${slot.availableSlots} ${slot.availableSlots === 1 ? 'slot' : 'slots'}`;
  const block = `Block for ${slot.capacity} ${slot.capacity === 1 ? 'person' : 'people'}`;
  return slot.availableSlots === slot.capacity ? block : `${block}, ${slot.availableSlots} free`;
};

const inTimeOrder = (a: TimeSlot, b: TimeSlot) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);

interface TimeSlotListProps {
  labelledBy: string;
  slots: TimeSlot[];
  status: ReadStatus;
}

/** The provider's time slots by date, each with its hours, services, shape and taken parts. */
export function TimeSlotList({ labelledBy, slots, status }: TimeSlotListProps) {
  const message =
    status === 'loading'
      ? 'Loading time slots...'
      : status === 'loaded' && slots.length === 0
        ? MESSAGES.noTimeSlots
        : null;

  return (
    <TableFrame>
      <DataTable labelledBy={labelledBy} columns={COLUMNS} busy={status === 'loading'} message={message}>
        {[...slots].sort(inTimeOrder).map((slot) => (
          <tr key={slot._id}>
            <td>{longDate(slot.date)}</td>
            <td>
              {slot.startTime}–{slot.endTime}
            </td>
            <td>{slot.serviceIds.join(', ')}</td>
            <td>{shapeOf(slot)}</td>
            <td>{slot.indexes.length > 0 ? slot.indexes.join(', ') : <Muted>None</Muted>}</td>
          </tr>
        ))}
      </DataTable>
    </TableFrame>
  );
}
