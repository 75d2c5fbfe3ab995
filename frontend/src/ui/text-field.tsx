import { useId, type ChangeEvent, type HTMLInputTypeAttribute } from 'react';
import { Field, FieldError, Input, Label } from './form.styles';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (name: string, value: string) => void;
  error?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
}

/** A labelled input whose message sits under it and is announced with it. */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value)}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
