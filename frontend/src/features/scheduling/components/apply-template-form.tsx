import { useState, type FormEvent } from 'react';
import { format, nextMonday, parseISO } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { ApplyTemplate, type ScheduleTemplate, type SkippedDay } from '@appointment/contracts/schedule';
import { formatLocal } from '../../../lib/locale-format';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Form, FormButton } from '../../../ui/form.styles';
import { TextField } from '../../../ui/text-field';
import { useApplyTemplateMutation } from '../scheduling.api';
import { templateApplyClosed, type PathErrors } from '../scheduling.slice';
import { breaksSummary, workingDaysSummary } from '../template-summary';
import { errorsByPath } from '../../../ui/use-schema-form';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { Actions, CardText } from './scheduling.styles';
import { FormFooter } from './form-footer';

interface ApplyTemplateFormProps {
  template: ScheduleTemplate;
  saving: boolean;
  serverError: string | null;
  serverFieldErrors: PathErrors;
  /** Once applied: the days the week left out, and why (issue 30). */
  skipped?: SkippedDay[];
}

/** Fills one week (the chosen day and the six after it) with the template's time slots. */
export function ApplyTemplateForm({
  template,
  saving,
  serverError,
  serverFieldErrors,
  skipped,
}: ApplyTemplateFormProps) {
  const dispatch = useAppDispatch();
  const [applyTemplate] = useApplyTemplateMutation();
  const { texts, t } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const T = texts.templates;
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

  if (skipped?.length) {
    const dayOf = (date: string) => formatLocal(parseISO(date), 'EEE d MMM');
    return (
      <div data-testid="template-skipped-days">
        <CardText role="status">{T.skippedTitle}</CardText>
        <ul>
          {skipped.map((day) => (
            <li key={day.date}>
              {day.reason === 'overlap'
                ? t('templates.skippedOverlap', {
                    day: dayOf(day.date),
                    from: day.startTime,
                    to: day.endTime,
                  })
                : day.reason === 'timeOff'
                  ? day.timeOffReason
                    ? t('templates.skippedTimeOff', { day: dayOf(day.date), reason: day.timeOffReason })
                    : t('templates.skippedTimeOffPlain', { day: dayOf(day.date) })
                  : t('templates.skippedPast', { day: dayOf(day.date) })}
            </li>
          ))}
        </ul>
        <Actions>
          <FormButton type="button" onClick={() => dispatch(templateApplyClosed())}>
            {T.close}
          </FormButton>
        </Actions>
      </div>
    );
  }

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
