import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Dialog, Heading } from './modal.styles';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  /** Rendered only while open, so a form starts afresh every time the modal opens. */
  children: ReactNode;
}

/**
 * A native modal dialog: it traps focus, makes the page behind it inert, closes on Escape and
 * hands focus back on close.
 */
export function Modal({ open, title, onClose, wide, children }: ModalProps) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <Dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      $wide={wide}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <Heading id={headingId}>{title}</Heading>
      {open && children}
    </Dialog>
  );
}
