import i18next from 'i18next';
import { parseISO } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { isDayKey, type TimeSlot } from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { formatLocal } from '../../../lib/locale-format';
import { DataTable } from '../../../ui/data-table';
import { TableFrame } from '../../../ui/table.styles';
import type { ReadStatus } from '../../../lib/api';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { Muted } from './scheduling.styles';

export const longDate = (date: string): string =>
  isDayKey(date) ? formatLocal(parseISO(date), FORMATS.longDate) : date;

/**
 * docs/product.md §3 Time slot: split into equal intervals (availableSlots is then its capacity),
 * or one block for a number of people (availableSlots is then its places left).
 */
export const shapeOf = (slot: TimeSlot): string => {
  if (slot.addAsSlot) return i18next.t('scheduling:list.split', { count: slot.availableSlots });
  const block = i18next.t('scheduling:list.block', { count: slot.capacity });
  return slot.availableSlots === slot.capacity
    ? block
    : i18next.t('scheduling:list.blockWithFree', { block, free: slot.availableSlots });
};

const inTimeOrder = (a: TimeSlot, b: TimeSlot) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);

interface TimeSlotListProps {
  labelledBy: string;
  slots: TimeSlot[];
  status: ReadStatus;
}

/** The provider's time slots by date, each with its hours, services (by name), shape and taken intervals. */
export function TimeSlotList({ labelledBy, slots, status }: TimeSlotListProps) {
  const T = useCatalogue('scheduling', SCHEDULING_TEXTS).texts.list;
  const columns = [T.columns.date, T.columns.time, T.columns.services, T.columns.slots, T.columns.taken];
  const message =
    status === 'loading'
      ? T.loading
      : status === 'loaded' && slots.length === 0
        ? MESSAGES.noTimeSlots
        : null;

  return (
    <TableFrame>
      <DataTable labelledBy={labelledBy} columns={columns} busy={status === 'loading'} message={message}>
        {[...slots].sort(inTimeOrder).map((slot) => (
          <tr key={slot._id}>
            <td>{longDate(slot.date)}</td>
            <td>
              {slot.startTime}–{slot.endTime}
            </td>
            <td>{slot.serviceIds.join(', ')}</td>
            <td>{shapeOf(slot)}</td>
            <td>{slot.indexes.length > 0 ? slot.indexes.join(', ') : <Muted>{T.none}</Muted>}</td>
          </tr>
        ))}
      </DataTable>
    </TableFrame>
  );
}
