import { useState, type FormEvent } from 'react';
import { format, nextMonday } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { ApplyTemplate, type ScheduleTemplate } from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Form } from '../../../ui/form.styles';
import { TextField } from '../../../ui/text-field';
import { useApplyTemplateMutation } from '../scheduling.api';
import { templateApplyClosed, type PathErrors } from '../scheduling.slice';
import { breaksSummary, workingDaysSummary } from '../template-summary';
import { errorsByPath } from '../../../ui/use-schema-form';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { CardText } from './scheduling.styles';
import { FormFooter } from './form-footer';

interface ApplyTemplateFormProps {
  template: ScheduleTemplate;
  saving: boolean;
  serverError: string | null;
  serverFieldErrors: PathErrors;
}

/** Fills one week (the chosen day and the six after it) with the template's time slots. */
export function ApplyTemplateForm({
  template,
  saving,
  serverError,
  serverFieldErrors,
}: ApplyTemplateFormProps) {
  const dispatch = useAppDispatch();
  const [applyTemplate] = useApplyTemplateMutation();
  const T = useCatalogue('scheduling', SCHEDULING_TEXTS).texts.templates;
  const [weekStart, setWeekStart] = useState(() => format(nextMonday(new Date()), FORMATS.dayKey));
  const [errors, setErrors] = useState<PathErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = ApplyTemplate.safeParse({ id: template.id, weekStart });
    if (!result.success) {
      setErrors(errorsByPath(result.error.issues));
      return;
    }
    setErrors({});
    void applyTemplate(result.data);
  };

  const shown = { ...serverFieldErrors, ...errors };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <CardText>
        {workingDaysSummary(template)}. {breaksSummary(template)}.
      </CardText>
      <TextField
        label={T.weekStarting}
        name="weekStart"
        type="date"
        value={weekStart}
        onChange={(_name, value) => setWeekStart(value)}
        error={shown.weekStart}
      />
      <FormFooter
        serverError={serverError}
        fieldShowsError={Boolean(shown.weekStart)}
        busy={saving}
        submitLabel={T.applyTemplate}
        busyLabel={T.applying}
        onCancel={() => dispatch(templateApplyClosed())}
      />
    </Form>
  );
}
