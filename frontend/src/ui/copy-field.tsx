import { useId } from 'react';
import { useAppDispatch } from '../lib/hooks';
import { toastShown } from '../lib/toast.slice';
import { SmallButton } from './button.styles';
import { Input, Label } from './form.styles';
import { CopyRow } from './copy-field.styles';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The toast once copied, shown for 2 s (docs/product.md §2.8). */
  copiedMessage: string;
  copyLabel?: string;
}

/** A read-only value (a feed URL, a key) with a Copy button. */
export function CopyField({ label, value, copiedMessage, copyLabel = 'Copy' }: CopyFieldProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <CopyRow>
        <Input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
        <SmallButton
          type="button"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(value)
              .then(() => dispatch(toastShown(copiedMessage, 2_000)))
              .catch(() => undefined);
          }}
        >
          {copyLabel}
        </SmallButton>
      </CopyRow>
    </div>
  );
}
