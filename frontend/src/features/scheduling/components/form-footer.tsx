import { useCatalogue } from '../../../lib/catalogue';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { FormButton, FormError, FormSecondaryButton } from '../../../ui/form.styles';
import { Actions } from './scheduling.styles';

interface FormFooterProps {
  /** The server's refusal of the whole form, shown unless a field already shows why. */
  serverError: string | null;
  fieldShowsError: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  onCancel(): void;
}

/** The end of each scheduling form: the server's form-level message, Cancel and submit. */
export function FormFooter({
  serverError,
  fieldShowsError,
  busy,
  submitLabel,
  busyLabel,
  onCancel,
}: FormFooterProps) {
  const { texts: T } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  return (
    <>
      {serverError && !fieldShowsError && <FormError role="alert">{serverError}</FormError>}
      <Actions>
        <FormSecondaryButton type="button" onClick={onCancel}>
          {T.cancel}
        </FormSecondaryButton>
        <FormButton type="submit" disabled={busy}>
          {busy ? (busyLabel ?? T.saving) : submitLabel}
        </FormButton>
      </Actions>
    </>
  );
}
