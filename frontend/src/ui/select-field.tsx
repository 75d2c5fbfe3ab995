import { useId, type ChangeEvent } from 'react';
import { Field, FieldError, Label, Select } from './form.styles';

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  onChange: (name: string, value: string) => void;
  error?: string;
}

export function SelectField({ label, name, value, placeholder, options, onChange, error }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(name, event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
