import { useState } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormSecondaryButton } from '../../../ui/form.styles';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { Notice } from './scheduling.styles';

interface CancelAffectedConfirmProps {
  /** The bookings the server said the change would drop; nothing is shown while there are none. */
  affected: string[];
  /** Sends the change again, this time cancelling the affected bookings. */
  onConfirm: () => void;
  /** `alert` where the list is the answer to the user's last step and nothing else announces it. */
  role?: 'alert';
}

/**
 * Issue 30: a change to a time slot (an edit or a delete) that would drop bookings names them and
 * offers to cancel them (refunded in full and told), after a confirmation.
 */
export function CancelAffectedConfirm({ affected, onConfirm, role }: CancelAffectedConfirmProps) {
  const { texts } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const C = texts.changes;
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {affected.length > 0 && (
        <Notice as="div" role={role} aria-label={C.affected}>
          {C.affected}
          <ul>
            {affected.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <FormSecondaryButton type="button" onClick={() => setConfirming(true)}>
            {C.cancelAffected}
          </FormSecondaryButton>
        </Notice>
      )}
      <ConfirmDialog
        open={confirming}
        title={C.cancelAffectedTitle}
        confirmLabel={C.confirmCancelAffected}
        cancelLabel={C.keep}
        onConfirm={() => {
          setConfirming(false);
          onConfirm();
        }}
        onCancel={() => setConfirming(false)}
      >
        {C.cancelAffectedText}
      </ConfirmDialog>
    </>
  );
}
