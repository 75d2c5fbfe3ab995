import { useId, useState, type FormEvent } from 'react';
import {
  defaultBreaks,
  defaultWorkingHours,
  ScheduleTemplateInput,
  type ScheduleTemplate,
} from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Field, FieldError, Form, Input, Label } from '../../../ui/form.styles';
import { useSaveTemplateMutation } from '../scheduling.api';
import { templateEditorClosed, type PathErrors } from '../scheduling.slice';
import { BreaksEditor, WorkingHoursEditor, type HoursValue } from '../../../ui/hours-editor';
import { errorsByPath } from '../../../ui/use-schema-form';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { FormFooter } from './form-footer';

interface TemplateEditorProps {
  /** The template to edit, or 'new' for a new one with the default week. */
  target: ScheduleTemplate | 'new';
  saving: boolean;
  serverError: string | null;
  serverFieldErrors: PathErrors;
}

/** docs/product.md §3 Schedule template: name (required), description, working hours with capacity, breaks. */
export function TemplateEditor({ target, saving, serverError, serverFieldErrors }: TemplateEditorProps) {
  const dispatch = useAppDispatch();
  const [saveTemplate] = useSaveTemplateMutation();
  const id = useId();
  const T = useCatalogue('scheduling', SCHEDULING_TEXTS).texts.templates;
  const existing = target === 'new' ? null : target;
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [hours, setHours] = useState<HoursValue>({
    workingHours: existing?.workingHours ?? defaultWorkingHours(),
    breaks: existing?.breaks ?? defaultBreaks(),
  });
  const [errors, setErrors] = useState<PathErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const inputOf = (next: {
    name: string;
    description: string;
    hours: HoursValue;
  }): ScheduleTemplateInput => ({
    ...(existing ? { id: existing.id } : {}),
    name: next.name,
    description: next.description,
    workingHours: next.hours.workingHours,
    breaks: next.hours.breaks,
  });

  const check = (input: ScheduleTemplateInput) => {
    const result = ScheduleTemplateInput.safeParse(input);
    setErrors(result.success ? {} : errorsByPath(result.error.issues));
    return result;
  };

  const change = (next: { name: string; description: string; hours: HoursValue }) => {
    setName(next.name);
    setDescription(next.description);
    setHours(next.hours);
    if (submitted) check(inputOf(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = check(inputOf({ name, description, hours }));
    if (result.success) void saveTemplate(result.data);
  };

  const shown = { ...serverFieldErrors, ...errors };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Field>
        <Label htmlFor={`${id}-name`}>{T.templateName}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          aria-invalid={shown.name ? true : undefined}
          aria-describedby={shown.name ? `${id}-name-error` : undefined}
          onChange={(event) => change({ name: event.target.value, description, hours })}
        />
        {shown.name && <FieldError id={`${id}-name-error`}>{shown.name}</FieldError>}
      </Field>
      <Field>
        <Label htmlFor={`${id}-description`}>{T.description}</Label>
        <Input
          id={`${id}-description`}
          value={description}
          aria-invalid={shown.description ? true : undefined}
          onChange={(event) => change({ name, description: event.target.value, hours })}
        />
        {shown.description && <FieldError>{shown.description}</FieldError>}
      </Field>
      <WorkingHoursEditor
        value={hours.workingHours}
        onChange={(workingHours) => change({ name, description, hours: { ...hours, workingHours } })}
        errors={shown}
        withCapacity
      />
      <BreaksEditor
        value={hours.breaks}
        onChange={(breaks) => change({ name, description, hours: { ...hours, breaks } })}
        errors={shown}
      />
      <FormFooter
        serverError={serverError}
        fieldShowsError={Object.keys(serverFieldErrors).length > 0}
        busy={saving}
        submitLabel={T.save}
        onCancel={() => dispatch(templateEditorClosed())}
      />
    </Form>
  );
}
