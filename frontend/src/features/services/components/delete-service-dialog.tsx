import { useId } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { FormError, FormSecondaryButton } from '../../../ui/form.styles';
import { SERVICES_TEXTS } from '../services.texts';
import { useDeleteServiceMutation } from '../services.api';
import { deleteServiceCancelled } from '../services.slice';
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
  const [deleteService] = useDeleteServiceMutation();
  const { texts, t } = useCatalogue('services', SERVICES_TEXTS);
  const T = texts.delete;

  return (
    <Modal
      open={service !== null}
      title={T.title}
      role="alertdialog"
      describedBy={textId}
      width="32rem"
      onClose={() => dispatch(deleteServiceCancelled())}
    >
      {service && (
        <Body>
          <Text id={textId}>{t('delete.question', { name: service.name })}</Text>
          {deleteError && <FormError role="alert">{deleteError}</FormError>}
          <Actions>
            <FormSecondaryButton type="button" onClick={() => dispatch(deleteServiceCancelled())}>
              {T.cancel}
            </FormSecondaryButton>
            <DangerButton type="button" disabled={deleting} onClick={() => void deleteService(service._id)}>
              {deleting ? T.deleting : T.delete}
            </DangerButton>
          </Actions>
        </Body>
      )}
    </Modal>
  );
}
