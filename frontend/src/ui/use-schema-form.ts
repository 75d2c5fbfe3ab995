import { useCallback, useState, type FormEvent } from 'react';

/** The part of a zod schema a form needs; the schemas come from `contracts` (docs/product.md §5). */
export interface FormSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of each field, as forms show them under the field. */
export const firstErrorPerField = <K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<K> => {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

/** Messages keyed by the full path of their field, as the server names them ("breaks.0.endTime"). */
export type PathErrors = Record<string, string>;

/** The first message of each field path of a zod failure, keyed by its full path. */
export const errorsByPath = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): PathErrors => {
  const errors: PathErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
};

/**
 * Form values as strings, checked with the shared schema on submit; after a first submit every
 * change re-checks, so a message goes away as soon as the field is right.
 */
export const useSchemaForm = <K extends string, T>(schema: FormSchema<T>, initial: Record<K, string>) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (next: Record<K, string>) => {
      const result = schema.safeParse(next);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(firstErrorPerField<K>(result.error.issues));
      return undefined;
    },
    [schema],
  );

  const setValue = useCallback(
    (name: string, value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted) validate(next);
    },
    [values, submitted, validate],
  );

  const handleSubmit = (onValid: (data: T) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const data = validate(values);
    if (data !== undefined) onValid(data);
  };

  return { values, errors, setValue, handleSubmit };
};
