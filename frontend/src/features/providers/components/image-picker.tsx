import { useId, useState, type ChangeEvent } from 'react';
import { MESSAGES } from '@appointment/contracts/messages';
import { useCatalogue } from '../../../lib/catalogue';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { useFilePreview } from '../../../ui/use-file-preview';

import {
  FieldError,
  Fieldset,
  Hint,
  InlineRow,
  Input,
  Label,
  Legend,
  Preview,
  RemoveButton,
} from './editor.styles';

/** The largest picture the server takes (MESSAGES.imageTooLarge); refused before sending. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

interface ImagePickerProps {
  value: File | undefined;
  onChange: (file: File | undefined) => void;
  /** A message from the server about the image. */
  serverError?: string;
}

/** docs/product.md §5: the provider's image must be an image file; anything else is not kept. */
export function ImagePicker({ value, onChange, serverError }: ImagePickerProps) {
  const inputId = useId();
  const T = useCatalogue('providers', PROVIDERS_TEXTS).texts.form;
  const errorId = `${inputId}-error`;
  const [error, setError] = useState<string | null>(null);
  const { preview, urlOf } = useFilePreview();
  const previewUrl = urlOf(value);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so the same file can be chosen again, and a refused file is not kept.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(MESSAGES.invalidImage);
      preview(null);
      onChange(undefined);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError(MESSAGES.imageTooLarge);
      preview(null);
      onChange(undefined);
      return;
    }
    setError(null);
    preview(file);
    onChange(file);
  };

  const remove = () => {
    preview(null);
    onChange(undefined);
  };

  const shown = error ?? serverError;
  return (
    <Fieldset>
      <Legend>{T.image}</Legend>
      <Label htmlFor={inputId}>{T.providerImage}</Label>
      <Input
        id={inputId}
        type="file"
        accept="image/*"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={onFile}
      />
      {shown && (
        <FieldError id={errorId} role="alert">
          {shown}
        </FieldError>
      )}
      {value && previewUrl ? (
        <InlineRow>
          <Preview src={previewUrl} alt={T.imagePreview} />
          <Hint>{value.name}</Hint>
          <RemoveButton type="button" onClick={remove}>
            {T.removeImage}
          </RemoveButton>
        </InlineRow>
      ) : (
        <Hint>{T.imageHint}</Hint>
      )}
    </Fieldset>
  );
}
