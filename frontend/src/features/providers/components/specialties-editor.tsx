import { useId, useState, type KeyboardEvent } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import type { PathErrors } from '../../../ui/use-schema-form';
import { PROVIDERS_TEXTS } from '../providers.texts';

import {
  AddButton,
  Chip,
  ChipRemove,
  Chips,
  FieldError,
  Fieldset,
  Hint,
  InlineRow,
  Input,
  Label,
  Legend,
} from './editor.styles';

interface SpecialtiesEditorProps {
  value: string[];
  onChange: (value: string[]) => void;
  errors: PathErrors;
}

/** Optional specialties as chips; a comma-separated line adds several at once. */
export function SpecialtiesEditor({ value, onChange, errors }: SpecialtiesEditorProps) {
  const inputId = useId();
  const { texts, t } = useCatalogue('providers', PROVIDERS_TEXTS);
  const T = texts.form;
  const [draft, setDraft] = useState('');
  const error =
    errors.specialties ?? Object.entries(errors).find(([key]) => key.startsWith('specialties.'))?.[1];

  const add = () => {
    const known = new Set(value.map((item) => item.toLowerCase()));
    const added: string[] = [];
    for (const part of draft.split(',')) {
      const item = part.trim();
      if (item && !known.has(item.toLowerCase())) {
        known.add(item.toLowerCase());
        added.push(item);
      }
    }
    if (added.length > 0) onChange([...value, ...added]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the specialty instead of submitting the whole form.
      event.preventDefault();
      add();
    }
  };

  return (
    <Fieldset>
      <Legend>{T.specialties}</Legend>
      <Label htmlFor={inputId}>{T.specialty}</Label>
      <InlineRow>
        <Input
          id={inputId}
          value={draft}
          placeholder={T.specialtyPlaceholder}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          // What was typed counts even if Add was not pressed before saving.
          onBlur={add}
        />
        <AddButton type="button" onClick={add}>
          {T.addSpecialty}
        </AddButton>
      </InlineRow>
      {error && <FieldError>{error}</FieldError>}
      {value.length === 0 ? (
        <Hint>{T.noSpecialties}</Hint>
      ) : (
        <Chips aria-label={T.specialties}>
          {value.map((item) => (
            <Chip key={item}>
              {item}
              <ChipRemove
                type="button"
                aria-label={t('form.removeNamed', { name: item })}
                onClick={() => onChange(value.filter((other) => other !== item))}
              >
                ×
              </ChipRemove>
            </Chip>
          ))}
        </Chips>
      )}
    </Fieldset>
  );
}
