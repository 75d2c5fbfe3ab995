import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Dialog, Heading } from './modal.styles';

interface ModalProps {
  open: boolean;
  /** Shown as the heading and gives the dialog its accessible name. */
  title: string;
  /** Called on Escape, on a close from the browser, and never while closed. */
  onClose: () => void;
  /** `alertdialog` for a confirmation that interrupts the user. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes the dialog, if any. */
  describedBy?: string;
  /** The widest the dialog gets; it never overflows a narrow screen. */
  width?: string;
  /** Rendered only while open, so a form starts afresh every time the modal opens. */
  children: ReactNode;
}

/**
 * A native modal dialog: it traps focus, makes the page behind it inert, closes on Escape and
 * hands focus back to the opener on close.
 */
export function Modal({ open, title, onClose, role, describedBy, width = '30rem', children }: ModalProps) {
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
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={headingId}
      aria-describedby={describedBy}
      $width={width}
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
