import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native modal <dialog> with `open`: it traps focus, makes the page behind it
 * inert and hands focus back to the opener on close.
 */
export const useModalDialog = (open: boolean) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
};
