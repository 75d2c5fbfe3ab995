import { useId } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { useAppDispatch } from '../../../app/hooks';
import { FormError, FormSecondaryButton } from '../../../ui/form.styles';
import { deleteServiceCancelled, deleteServiceConfirmed } from '../services.slice';
import { useModalDialog } from './use-modal-dialog';
import { Actions, Body, DangerButton, Dialog, Heading, Text } from './service-dialog.styles';

interface DeleteServiceDialogProps {
  /** The service to delete; null keeps the dialog closed. */
  service: Service | null;
  deleting: boolean;
  deleteError: string | null;
}

/** Asks before a service is deleted (SPEC §2.8 "delete"). */
export function DeleteServiceDialog({ service, deleting, deleteError }: DeleteServiceDialogProps) {
  const headingId = useId();
  const textId = useId();
  const dispatch = useAppDispatch();
  const dialogRef = useModalDialog(service !== null);

  return (
    <Dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={headingId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        dispatch(deleteServiceCancelled());
      }}
      onClose={() => {
        if (service) dispatch(deleteServiceCancelled());
      }}
    >
      <Heading id={headingId}>Delete Service</Heading>
      {service && (
        <Body>
          <Text id={textId}>
            Are you sure you want to delete the service &quot;{service.name}&quot;? This action cannot be
            undone.
          </Text>
          {deleteError && <FormError role="alert">{deleteError}</FormError>}
          <Actions>
            <FormSecondaryButton type="button" onClick={() => dispatch(deleteServiceCancelled())}>
              Cancel
            </FormSecondaryButton>
            <DangerButton
              type="button"
              disabled={deleting}
              onClick={() => dispatch(deleteServiceConfirmed(service._id))}
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </DangerButton>
          </Actions>
        </Body>
      )}
    </Dialog>
  );
}
