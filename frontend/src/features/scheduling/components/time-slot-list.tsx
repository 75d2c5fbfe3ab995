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
import { SecondaryButton } from '../../../ui/button.styles';
import { Muted, RowActions } from './scheduling.styles';

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

/** "Tuesday, 1 December 2026 09:00–10:00": a time slot as its buttons and dialogs name it. */
export const whenOf = (slot: TimeSlot): string => `${longDate(slot.date)} ${slot.startTime}–${slot.endTime}`;

const inTimeOrder = (a: TimeSlot, b: TimeSlot) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);

interface TimeSlotListProps {
  labelledBy: string;
  slots: TimeSlot[];
  status: ReadStatus;
  /** Issue 30: Edit and Delete on each time slot. */
  onEdit?: (slot: TimeSlot) => void;
  onDelete?: (slot: TimeSlot) => void;
}

/** The provider's time slots by date, each with its hours, services (by name), shape and taken intervals. */
export function TimeSlotList({ labelledBy, slots, status, onEdit, onDelete }: TimeSlotListProps) {
  const { texts, t } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const T = texts.list;
  const C = texts.changes;
  const actions = onEdit !== undefined || onDelete !== undefined;
  const columns = [
    T.columns.date,
    T.columns.time,
    T.columns.services,
    T.columns.slots,
    T.columns.taken,
    ...(actions ? [T.columns.actions] : []),
  ];
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
            {actions && (
              <td>
                <RowActions>
                  {onEdit && (
                    <SecondaryButton
                      type="button"
                      aria-label={t('changes.editLabel', { when: whenOf(slot) })}
                      onClick={() => onEdit(slot)}
                    >
                      {C.edit}
                    </SecondaryButton>
                  )}
                  {onDelete && (
                    <SecondaryButton
                      type="button"
                      aria-label={t('changes.deleteLabel', { when: whenOf(slot) })}
                      onClick={() => onDelete(slot)}
                    >
                      {C.delete}
                    </SecondaryButton>
                  )}
                </RowActions>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </TableFrame>
  );
}
