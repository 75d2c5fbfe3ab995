import { useId, type ReactNode } from 'react';
import { FormButton, FormSecondaryButton } from './form.styles';
import { Modal } from './modal';
import { ModalActions } from './modal.styles';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen; it describes the dialog. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question asked before something that cannot be taken back: an alert dialog with two answers. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const textId = useId();
  return (
    <Modal open={open} title={title} role="alertdialog" describedBy={textId} onClose={onCancel}>
      <p id={textId}>{children}</p>
      <ModalActions>
        <FormSecondaryButton type="button" onClick={onCancel}>
          {cancelLabel}
        </FormSecondaryButton>
        <FormButton type="button" onClick={onConfirm}>
          {confirmLabel}
        </FormButton>
      </ModalActions>
    </Modal>
  );
}
