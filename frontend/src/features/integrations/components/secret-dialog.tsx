import { useId } from 'react';
import { FormButton } from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal.styles';
import { Secret } from './webhooks.styles';

interface SecretDialogProps {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  webhookName: string;
  onClose: () => void;
}

/** A webhook's signing secret, shown this once: the server keeps no way to show it again. */
export function SecretDialog({ secret, webhookName, onClose }: SecretDialogProps) {
  const textId = useId();
  return (
    <Modal open={secret !== null} title="Signing Secret" describedBy={textId} onClose={onClose} width="36rem">
      <p id={textId}>
        Copy the signing secret of &quot;{webhookName}&quot; now: it is shown only this once. Your receiver
        uses it to verify the webhook-signature header.
      </p>
      <Secret aria-label="Signing secret">{secret}</Secret>
      <ModalActions>
        <FormButton type="button" onClick={onClose}>
          Done
        </FormButton>
      </ModalActions>
    </Modal>
  );
}
