import { useEffect, useId, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { addProviderClosed, type AddProviderFormState } from '../providers.slice';
import { ProviderForm } from './provider-form';
import { Dialog, Heading } from './add-provider-dialog.styles';

/** SPEC §2.8: Add Provider opens this form; Cancel closes it. */
export function AddProviderDialog({ form }: { form: AddProviderFormState }) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dispatch = useAppDispatch();
  const { open } = form;

  // The native modal dialog traps focus, makes the page behind it inert and hands focus back on close.
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
      onCancel={(event) => {
        event.preventDefault();
        dispatch(addProviderClosed());
      }}
      onClose={() => {
        if (open) dispatch(addProviderClosed());
      }}
    >
      <Heading id={headingId}>Add Provider</Heading>
      {open && (
        <ProviderForm saving={form.saving} serverError={form.error} serverFieldErrors={form.fieldErrors} />
      )}
    </Dialog>
  );
}
