import { MESSAGES } from '@appointment/contracts/messages';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { readStatusOf } from '../../../lib/api';
import { useAvailabilityQuery, useSaveAvailabilityMutation } from '../scheduling.api';
import { useId, useState, type FormEvent } from 'react';
import { TimeZonePicker } from '../../../ui/time-zone-picker';
import { Availability } from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Field, FieldError, Form, FormSecondaryButton, Label } from '../../../ui/form.styles';
import { useSchedulingSelector } from '../scheduling.hooks';
import { availabilityClosed, selectAvailability, type PathErrors } from '../scheduling.slice';
import { BreaksEditor, WorkingHoursEditor, type HoursValue } from '../../../ui/hours-editor';
import { errorsByPath } from '../../../ui/use-schema-form';
import { Modal } from '../../../ui/modal';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { Actions, ErrorNotice, Notice } from './scheduling.styles';
import { FormFooter } from './form-footer';

interface AvailabilityFormProps {
  initial: Availability;
  saving: boolean;
  serverError: string | null;
  serverFieldErrors: PathErrors;
}

function AvailabilityForm({ initial, saving, serverError, serverFieldErrors }: AvailabilityFormProps) {
  const dispatch = useAppDispatch();
  const [saveAvailability] = useSaveAvailabilityMutation();
  const id = useId();
  const T = useCatalogue('scheduling', SCHEDULING_TEXTS).texts.availability;
  const [hours, setHours] = useState<HoursValue>({
    workingHours: initial.workingHours,
    breaks: initial.breaks,
  });
  const [timezone, setTimezone] = useState(initial.timezone);
  const [errors, setErrors] = useState<PathErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (next: Availability) => {
    const result = Availability.safeParse(next);
    setErrors(result.success ? {} : errorsByPath(result.error.issues));
    return result;
  };

  const changeHours = (next: HoursValue) => {
    setHours(next);
    if (submitted) check({ ...next, timezone });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = check({ ...hours, timezone });
    if (result.success) void saveAvailability(result.data);
  };

  const shown = { ...serverFieldErrors, ...errors };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Field>
        <Label htmlFor={`${id}-timezone`}>{T.timeZone}</Label>
        <TimeZonePicker
          id={`${id}-timezone`}
          value={timezone}
          invalid={Boolean(shown.timezone)}
          onChange={setTimezone}
        />
        {shown.timezone && <FieldError>{shown.timezone}</FieldError>}
      </Field>
      <WorkingHoursEditor
        value={hours.workingHours}
        onChange={(workingHours) => changeHours({ ...hours, workingHours })}
        errors={shown}
      />
      <BreaksEditor
        value={hours.breaks}
        onChange={(breaks) => changeHours({ ...hours, breaks })}
        errors={shown}
      />
      <FormFooter
        serverError={serverError}
        fieldShowsError={Object.keys(serverFieldErrors).length > 0}
        busy={saving}
        submitLabel={T.save}
        onCancel={() => dispatch(availabilityClosed())}
      />
    </Form>
  );
}

/** The server's reason for a refused read, or the generic failure. */
const reasonOf = (error: unknown): string => {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof (error as { status?: unknown }).status === 'number' && typeof data?.message === 'string'
    ? data.message
    : MESSAGES.genericError;
};

/** The Manage Availability modal: working hours per weekday, breaks and the provider's time zone. */
export function AvailabilityDialog() {
  const dispatch = useAppDispatch();
  const T = useCatalogue('scheduling', SCHEDULING_TEXTS).texts.availability;
  const { open, saving, error, fieldErrors } = useSchedulingSelector(selectAvailability);
  // Read each time the dialog opens; the form starts from the fresh answer.
  const read = useAvailabilityQuery(open ? undefined : skipToken, { refetchOnMountOrArgChange: true });
  const data = read.currentData;
  const status = read.isFetching ? 'loading' : readStatusOf(read);
  const loadError = read.isError ? reasonOf(read.error) : null;

  return (
    <Modal open={open} title={T.title} width="44rem" onClose={() => dispatch(availabilityClosed())}>
      {status === 'loading' && <Notice>{T.loading}</Notice>}
      {status === 'failed' && (
        <>
          <ErrorNotice role="alert">{loadError}</ErrorNotice>
          <Actions>
            <FormSecondaryButton type="button" onClick={() => dispatch(availabilityClosed())}>
              {T.close}
            </FormSecondaryButton>
          </Actions>
        </>
      )}
      {status === 'loaded' && data && (
        <AvailabilityForm
          initial={data}
          saving={saving}
          serverError={error}
          serverFieldErrors={fieldErrors}
        />
      )}
    </Modal>
  );
}
