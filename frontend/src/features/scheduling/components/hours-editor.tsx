import type { ChangeEvent } from 'react';
import { DEFAULT_BREAK, WEEKDAYS } from '@appointment/contracts/constants';
import type { Break, WorkingHoursEntry } from '@appointment/contracts/schedule';
import { FieldError, Input, ShrinkingField } from '../../../ui/form.styles';
import type { PathErrors } from '../scheduling.slice';
import {
  BreakRow,
  CheckRow,
  ColumnHeads,
  DayName,
  Fieldset,
  HoursRow,
  Muted,
  SmallButton,
} from './scheduling.styles';

export interface HoursValue {
  workingHours: WorkingHoursEntry[];
  breaks: Break[];
}

const dayLabel = (day: (typeof WEEKDAYS)[number]) => day.charAt(0).toUpperCase() + day.slice(1);

interface TimeInputProps {
  label: string;
  value: string;
  error?: string;
  errorId: string;
  onChange: (value: string) => void;
}

function TimeInput({ label, value, error, errorId, onChange }: TimeInputProps) {
  return (
    <ShrinkingField>
      <Input
        type="time"
        aria-label={label}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </ShrinkingField>
  );
}

interface HoursEditorProps {
  idPrefix: string;
  value: HoursValue;
  onChange: (value: HoursValue) => void;
  errors: PathErrors;
  /** Templates may give each day a capacity (SPEC §3 Schedule template). */
  withCapacity?: boolean;
}

/** SPEC §3 Working hours entry and Break: one row per weekday, then the breaks. */
export function HoursEditor({ idPrefix, value, onChange, errors, withCapacity }: HoursEditorProps) {
  const setEntry = (index: number, change: Partial<WorkingHoursEntry>) =>
    onChange({
      ...value,
      workingHours: value.workingHours.map((entry, i) => (i === index ? { ...entry, ...change } : entry)),
    });
  const setBreak = (index: number, change: Partial<Break>) =>
    onChange({
      ...value,
      breaks: value.breaks.map((pause, i) => (i === index ? { ...pause, ...change } : pause)),
    });
  const errorId = (path: string) => `${idPrefix}-${path.replace(/\./g, '-')}-error`;

  return (
    <>
      <Fieldset>
        <legend>Working hours</legend>
        <ColumnHeads $withCapacity={withCapacity} aria-hidden="true">
          <span>Day</span>
          <span>Available</span>
          <span>Start</span>
          <span>End</span>
          {withCapacity && <span>Capacity</span>}
        </ColumnHeads>
        {value.workingHours.map((entry, index) => {
          const name = dayLabel(entry.day);
          const path = `workingHours.${index}`;
          const capacityError = errors[`${path}.capacity`];
          return (
            <HoursRow key={entry.day} $withCapacity={withCapacity}>
              <DayName>{name}</DayName>
              <CheckRow>
                <input
                  type="checkbox"
                  aria-label={`${name} available`}
                  checked={entry.isAvailable}
                  onChange={(event) => setEntry(index, { isAvailable: event.target.checked })}
                />
                <Muted aria-hidden="true">{entry.isAvailable ? 'Open' : 'Closed'}</Muted>
              </CheckRow>
              <TimeInput
                label={`${name} start time`}
                value={entry.startTime}
                error={errors[`${path}.startTime`]}
                errorId={errorId(`${path}.startTime`)}
                onChange={(startTime) => setEntry(index, { startTime })}
              />
              <TimeInput
                label={`${name} end time`}
                value={entry.endTime}
                error={errors[`${path}.endTime`]}
                errorId={errorId(`${path}.endTime`)}
                onChange={(endTime) => setEntry(index, { endTime })}
              />
              {withCapacity && (
                <ShrinkingField>
                  <Input
                    type="number"
                    min={1}
                    aria-label={`${name} capacity`}
                    placeholder="—"
                    value={entry.capacity ?? ''}
                    aria-invalid={capacityError ? true : undefined}
                    aria-describedby={capacityError ? errorId(`${path}.capacity`) : undefined}
                    onChange={(event) =>
                      setEntry(index, {
                        capacity: event.target.value === '' ? undefined : Number(event.target.value),
                      })
                    }
                  />
                  {capacityError && <FieldError id={errorId(`${path}.capacity`)}>{capacityError}</FieldError>}
                </ShrinkingField>
              )}
            </HoursRow>
          );
        })}
      </Fieldset>

      <Fieldset>
        <legend>Breaks</legend>
        {value.breaks.length === 0 && <Muted>No breaks.</Muted>}
        {value.breaks.map((pause, index) => {
          const path = `breaks.${index}`;
          const label = `Break ${index + 1}`;
          return (
            <BreakRow key={index}>
              <TimeInput
                label={`${label} start time`}
                value={pause.startTime}
                error={errors[`${path}.startTime`]}
                errorId={errorId(`${path}.startTime`)}
                onChange={(startTime) => setBreak(index, { startTime })}
              />
              <TimeInput
                label={`${label} end time`}
                value={pause.endTime}
                error={errors[`${path}.endTime`]}
                errorId={errorId(`${path}.endTime`)}
                onChange={(endTime) => setBreak(index, { endTime })}
              />
              <SmallButton
                type="button"
                $danger
                onClick={() => onChange({ ...value, breaks: value.breaks.filter((_, i) => i !== index) })}
              >
                Remove {label.toLowerCase()}
              </SmallButton>
            </BreakRow>
          );
        })}
        {errors.breaks && <FieldError>{errors.breaks}</FieldError>}
        <div>
          <SmallButton
            type="button"
            onClick={() => onChange({ ...value, breaks: [...value.breaks, { ...DEFAULT_BREAK }] })}
          >
            Add break
          </SmallButton>
        </div>
      </Fieldset>
    </>
  );
}

/** Every message of a failed parse, keyed by its full path (`workingHours.0.endTime`). */
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
