import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { FormButton } from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal.styles';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
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
  const { texts, t } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const T = texts.webhooks;
  return (
    <Modal open={secret !== null} title={T.secretTitle} describedBy={textId} onClose={onClose} width="36rem">
      <p id={textId}>{t('webhooks.secretText', { name: webhookName })}</p>
      <Secret aria-label={T.secretLabel}>{secret}</Secret>
      <ModalActions>
        <FormButton type="button" onClick={onClose}>
          {T.done}
        </FormButton>
      </ModalActions>
    </Modal>
  );
}
