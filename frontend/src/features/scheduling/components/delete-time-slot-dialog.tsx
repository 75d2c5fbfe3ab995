import { useState } from 'react';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { MessageText } from '../../../ui/message-text';
import { Modal } from '../../../ui/modal';
import { Button, SecondaryButton } from '../../../ui/button.styles';
import { useDeleteTimeSlotMutation } from '../scheduling.api';
import { failureOf } from '../scheduling.slice';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { CancelAffectedConfirm } from './cancel-affected-confirm';
import { CheckRow, ErrorNotice, Toolbar } from './scheduling.styles';
import { whenOf } from './time-slot-list';

interface DeleteTimeSlotDialogProps {
  /** The time slot to delete, or null when the dialog is closed. */
  slot: TimeSlot | null;
  onClose: () => void;
}

/**
 * Issue 30: Delete on a time slot of the Schedule screen. A refusal names the bookings that hold a
 * place and offers to cancel them (refunded in full and told), after a confirmation.
 */
export function DeleteTimeSlotDialog({ slot, onClose }: DeleteTimeSlotDialogProps) {
  const { texts, t } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const C = texts.changes;
  const [series, setSeries] = useState(false);
  const [deleteTimeSlot, { isLoading, error, reset }] = useDeleteTimeSlotMutation();
  const failure = error === undefined ? undefined : failureOf({ payload: error });

  const close = () => {
    setSeries(false);
    reset();
    onClose();
  };
  const send = async (cancelAffected: boolean) => {
    if (!slot) return;
    const answer = await deleteTimeSlot({ id: slot._id, series, cancelAffected });
    if ('data' in answer) close();
  };

  return (
    <Modal open={slot !== null} title={C.deleteTitle} role="alertdialog" onClose={close}>
      {slot && <p>{t('changes.deleteText', { when: whenOf(slot) })}</p>}
      {slot?.seriesId && (
        <CheckRow>
          <input type="checkbox" checked={series} onChange={(event) => setSeries(event.target.checked)} />
          {C.deleteSeries}
        </CheckRow>
      )}
      {failure && (
        <ErrorNotice role="alert">
          <MessageText>{failure.message}</MessageText>
        </ErrorNotice>
      )}
      <CancelAffectedConfirm affected={failure?.affected ?? []} onConfirm={() => void send(true)} />
      <Toolbar>
        <SecondaryButton type="button" onClick={close}>
          {texts.cancel}
        </SecondaryButton>
        <Button type="button" disabled={isLoading} aria-busy={isLoading} onClick={() => void send(false)}>
          {isLoading ? C.deleting : C.confirmDelete}
        </Button>
      </Toolbar>
    </Modal>
  );
}
