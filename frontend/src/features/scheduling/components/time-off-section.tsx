import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TimeOffRequest, type TimeOff, type TimeOffAddedAnswer } from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { readStatusOf } from '../../../lib/api';
import { DataTable } from '../../../ui/data-table';
import { FieldError, Form, FormButton } from '../../../ui/form.styles';
import { MessageText } from '../../../ui/message-text';
import { TableFrame } from '../../../ui/table.styles';
import { TextField } from '../../../ui/text-field';
import { errorsByPath, type PathErrors } from '../../../ui/use-schema-form';
import { useAddTimeOffMutation, useDeleteTimeOffMutation, useTimeOffQuery } from '../scheduling.api';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { CardText, FormGrid, Muted, SectionTitle, SmallButton } from './scheduling.styles';
import { longDate } from './time-slot-list';

/** The form as typed: a date and an optional time at each end (no time: the whole day). */
interface Values {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
  reason: string;
}

const EMPTY: Values = { fromDate: '', fromTime: '', toDate: '', toTime: '', reason: '' };

/** A date alone is a whole day; a date and a time is that wall-clock time (the provider's zone). */
const pointOf = (date: string, time: string): string =>
  time ? `${date.trim()}T${time.trim()}` : date.trim();

/** A time off's end as given: "Tue 1 Dec 2026" for a day, "Tue 1 Dec 2026 10:00" for an hour. */
const pointText = (point: string): string => {
  const [date, time] = point.split('T');
  return time ? `${longDate(date!)} ${time}` : longDate(date!);
};

const serverMessageOf = (error: unknown): string | null =>
  error && typeof error === 'object' && 'data' in error
    ? ((error.data as { errors?: { message: string }[]; message?: string } | undefined)?.errors?.[0]
        ?.message ??
      (error.data as { message?: string } | undefined)?.message ??
      null)
    : null;

/**
 * Issue 30: the Schedule screen's Time off section. The provider's time off that has not ended,
 * a form to add one (whole days, or hours), each deletable; on adding, the bookings inside it are
 * shown for the admin to cancel (from Appointments) or keep.
 */
export function TimeOffSection() {
  const { texts, t } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const T = texts.timeOff;
  const list = useTimeOffQuery(undefined, { refetchOnMountOrArgChange: true });
  const [add, adding] = useAddTimeOffMutation();
  const [remove, removing] = useDeleteTimeOffMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<PathErrors>({});
  const [added, setAdded] = useState<TimeOffAddedAnswer | null>(null);
  const status = readStatusOf(list);
  const entries = list.currentData ?? [];

  const change = (name: string, value: string) => setValues((before) => ({ ...before, [name]: value }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = TimeOffRequest.safeParse({
      from: pointOf(values.fromDate, values.fromTime),
      // An end date left empty: the same day as the start.
      to: pointOf(values.toDate || values.fromDate, values.toTime),
      reason: values.reason,
    });
    if (!parsed.success) {
      setErrors(errorsByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    const answer = await add(parsed.data);
    if ('data' in answer && answer.data) {
      setAdded(answer.data);
      setValues(EMPTY);
    }
  };
  const message =
    status === 'loading' ? T.loading : status === 'loaded' && entries.length === 0 ? T.none : null;
  const addError = serverMessageOf(adding.error);
  const removeError = serverMessageOf(removing.error);

  return (
    <section aria-labelledby="time-off-title">
      <SectionTitle id="time-off-title">{T.title}</SectionTitle>
      <CardText>{T.intro}</CardText>
      {status === 'failed' && <FieldError role="alert">{T.loadFailed}</FieldError>}
      <TableFrame>
        <DataTable
          labelledBy="time-off-title"
          columns={[T.columns.from, T.columns.to, T.columns.reason, T.columns.actions]}
          busy={status === 'loading'}
          message={message}
        >
          {entries.map((entry: TimeOff) => (
            <tr key={entry._id}>
              <td>{pointText(entry.from)}</td>
              <td>
                {pointText(entry.to)}
                {!entry.to.includes('T') && <Muted> ({T.wholeDay})</Muted>}
              </td>
              <td>{entry.reason || <Muted>—</Muted>}</td>
              <td>
                <SmallButton
                  type="button"
                  $danger
                  disabled={removing.isLoading}
                  aria-label={t('timeOff.deleteNamed', {
                    from: pointText(entry.from),
                    to: pointText(entry.to),
                  })}
                  onClick={() => void remove(entry._id)}
                >
                  {T.delete}
                </SmallButton>
              </td>
            </tr>
          ))}
        </DataTable>
      </TableFrame>
      {removeError && (
        <FieldError role="alert">
          <MessageText>{removeError}</MessageText>
        </FieldError>
      )}

      <Form aria-label={T.add} onSubmit={(event) => void submit(event)} noValidate>
        <FormGrid>
          <TextField
            label={T.fromDate}
            name="fromDate"
            type="date"
            value={values.fromDate}
            onChange={change}
            error={errors.from}
          />
          <TextField
            label={T.fromTime}
            name="fromTime"
            type="time"
            value={values.fromTime}
            onChange={change}
          />
          <TextField
            label={T.toDate}
            name="toDate"
            type="date"
            value={values.toDate}
            onChange={change}
            error={errors.to}
          />
          <TextField label={T.toTime} name="toTime" type="time" value={values.toTime} onChange={change} />
          <TextField
            label={T.reason}
            name="reason"
            value={values.reason}
            onChange={change}
            error={errors.reason}
          />
        </FormGrid>
        {addError && (
          <FieldError role="alert">
            <MessageText>{addError}</MessageText>
          </FieldError>
        )}
        <FormButton type="submit" disabled={adding.isLoading} aria-busy={adding.isLoading}>
          {adding.isLoading ? T.adding : T.add}
        </FormButton>
      </Form>

      {added && (
        <div role="status" aria-label={T.title}>
          {added.bookings.length === 0 ? (
            <CardText>{T.noBookingsInside}</CardText>
          ) : (
            <>
              <CardText>{t('timeOff.bookingsInside', { count: added.bookings.length })}</CardText>
              <ul>
                {added.bookings.map((booking) => (
                  <li key={booking._id}>
                    {t('timeOff.booking', {
                      date: longDate(booking.date),
                      start: booking.startTime,
                      end: booking.endTime,
                      name: booking.username,
                      service: booking.serviceName,
                      status: booking.status,
                    })}
                  </li>
                ))}
              </ul>
              <CardText>
                <Link to="/appointments/list">{T.openAppointments}</Link>
              </CardText>
            </>
          )}
        </div>
      )}
    </section>
  );
}
