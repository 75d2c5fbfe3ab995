import { useId, type ChangeEvent } from 'react';
import { SERIES_MAX_OCCURRENCES, type SeriesForm } from '@appointment/contracts/appointments';
import { formatIn } from '@appointment/contracts/booking';
import { FORMATS } from '@appointment/contracts/constants';
import { useCatalogue } from '../../../lib/catalogue';
import { SmallButton } from '../../../ui/button.styles';
import { Field, Input, Label } from '../../../ui/form.styles';
import { useSeriesPreviewQuery } from '../booking.api';
import { BOOKING_TEXTS } from '../booking.texts';
import {
  AddNoteRow,
  ConfirmText,
  OccurrenceList,
  RepeatRow,
  UnitSelect,
} from './confirm-booking-dialog.styles';

/** How a series repeats, as the user chose it; null: a single booking. */
export type Repeat = Pick<SeriesForm, 'every' | 'unit' | 'count'>;

export const DEFAULT_REPEAT: Repeat = { every: 1, unit: 'weeks', count: 6 };

/** A whole number within bounds, from what was typed (the bound when it is not one). */
const bounded = (value: string, min: number, max: number): number => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
};

/**
 * Issue 31: "Repeat" in the confirm dialog of a service that allows it: every N days or weeks, up
 * to 12 occurrences, each listed with those not free marked before anything is held; then all of
 * them (the dialog's submit) or the free ones only.
 */
export function SeriesSection({
  booking,
  repeat,
  onChange,
  submitting,
  onBookFreeOnly,
  timezone,
}: {
  /** The first occurrence, as the booking names it. */
  booking: Omit<SeriesForm, 'every' | 'unit' | 'count' | 'freeOnly'>;
  repeat: Repeat | null;
  onChange: (repeat: Repeat | null) => void;
  submitting: boolean;
  onBookFreeOnly: () => void;
  timezone: string | undefined;
}) {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const everyId = useId();
  const countId = useId();
  const preview = useSeriesPreviewQuery(repeat ? { ...booking, ...repeat } : (booking as SeriesForm), {
    skip: repeat === null,
    refetchOnMountOrArgChange: true,
  });
  const occurrences = repeat ? (preview.data?.occurrences ?? []) : [];
  const free = occurrences.filter((occurrence) => occurrence.free).length;
  /** The occurrence's day and time on the provider's clock; its day alone when it has no place. */
  const when = (iso: string | undefined, date: string): string => {
    if (!iso || !timezone) return date;
    return `${formatIn(iso, timezone, FORMATS.longDate) ?? date} ${formatIn(iso, timezone, FORMATS.displayTime) ?? ''}`;
  };

  return (
    <>
      <RepeatRow>
        <label>
          <input
            type="checkbox"
            name="repeat"
            checked={repeat !== null}
            onChange={(event) => onChange(event.target.checked ? DEFAULT_REPEAT : null)}
          />{' '}
          {T.series.repeat}
        </label>
      </RepeatRow>
      {repeat && (
        <>
          <RepeatRow>
            <Field>
              <Label htmlFor={everyId}>{T.series.every}</Label>
              <Input
                id={everyId}
                type="number"
                min={1}
                max={52}
                value={repeat.every}
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  onChange({ ...repeat, every: bounded(event.target.value, 1, 52) })
                }
              />
            </Field>
            <UnitSelect
              aria-label={`${T.series.days} / ${T.series.weeks}`}
              value={repeat.unit}
              onChange={(event: ChangeEvent<HTMLSelectElement>) =>
                onChange({ ...repeat, unit: event.target.value === 'days' ? 'days' : 'weeks' })
              }
            >
              <option value="days">{T.series.days}</option>
              <option value="weeks">{T.series.weeks}</option>
            </UnitSelect>
            <Field>
              <Label htmlFor={countId}>{T.series.count}</Label>
              <Input
                id={countId}
                type="number"
                min={2}
                max={SERIES_MAX_OCCURRENCES}
                value={repeat.count}
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  onChange({ ...repeat, count: bounded(event.target.value, 2, SERIES_MAX_OCCURRENCES) })
                }
              />
            </Field>
          </RepeatRow>
          {preview.isFetching && <ConfirmText role="status">{T.series.loading}</ConfirmText>}
          <OccurrenceList aria-label={T.series.occurrences}>
            {occurrences.map((occurrence) => (
              <li key={occurrence.occurrence} data-free={occurrence.free}>
                {occurrence.occurrence}. {when(occurrence.startDateTime, occurrence.date)} —{' '}
                {occurrence.free ? T.series.free : `${T.series.notFree}: ${occurrence.reason ?? ''}`}
              </li>
            ))}
          </OccurrenceList>
          {free > 0 && free < occurrences.length && (
            <AddNoteRow>
              <SmallButton type="button" disabled={submitting} onClick={onBookFreeOnly}>
                {t('series.bookFree', { count: free })}
              </SmallButton>
            </AddNoteRow>
          )}
        </>
      )}
    </>
  );
}
