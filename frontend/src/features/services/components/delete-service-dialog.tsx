import { useId } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { FormError, FormSecondaryButton } from '../../../ui/form.styles';
import { deleteServiceCancelled, deleteServiceConfirmed } from '../services.slice';
import { Modal } from '../../../ui/modal';
import { ModalActions as Actions } from '../../../ui/modal.styles';
import { Body, DangerButton, Text } from './service-dialog.styles';

interface DeleteServiceDialogProps {
  /** The service to delete; null keeps the dialog closed. */
  service: Service | null;
  deleting: boolean;
  deleteError: string | null;
}

/** Asks before a service is deleted (docs/product.md §2.8 "delete"). */
export function DeleteServiceDialog({ service, deleting, deleteError }: DeleteServiceDialogProps) {
  const textId = useId();
  const dispatch = useAppDispatch();

  return (
    <Modal
      open={service !== null}
      title="Delete Service"
      role="alertdialog"
      describedBy={textId}
      width="32rem"
      onClose={() => dispatch(deleteServiceCancelled())}
    >
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
    </Modal>
  );
}
