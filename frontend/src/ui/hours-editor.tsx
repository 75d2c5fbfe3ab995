import { useId, type ReactNode } from 'react';
import { DEFAULT_BREAK, type Weekday } from '@appointment/contracts/constants';
import type { Break, WorkingHoursEntry } from '@appointment/contracts/schedule';
import { SmallButton } from './button.styles';
import { FieldError, Fieldset, Input, ShrinkingField } from './form.styles';
import { Switch } from './toggle.styles';
import type { PathErrors } from './use-schema-form';
import { BreakRow, ColumnHeads, DayName, HoursRow, Muted, Toggle } from './hours-editor.styles';

/** docs/product.md §3 Working hours entry; templates may also give each day a capacity. */
export interface DayHours {
  day: Weekday;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
  capacity?: number;
}

/** What availability and templates edit together. */
export interface HoursValue {
  workingHours: WorkingHoursEntry[];
  breaks: Break[];
}

export const dayLabel = (day: string): string => day.charAt(0).toUpperCase() + day.slice(1);

interface CellProps {
  label: string;
  error?: string;
  errorId: string;
  children: (control: {
    'aria-label': string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A control named by `label` (no visible label: the column heads or the row say what it is). */
function Cell({ label, error, errorId, children }: CellProps) {
  return (
    <ShrinkingField>
      {children({
        'aria-label': label,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </ShrinkingField>
  );
}

interface TimeCellProps {
  label: string;
  value: string;
  error?: string;
  errorId: string;
  onChange: (value: string) => void;
}

function TimeCell({ label, value, error, errorId, onChange }: TimeCellProps) {
  return (
    <Cell label={label} error={error} errorId={errorId}>
      {(control) => (
        <Input {...control} type="time" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Cell>
  );
}

/** Error messages are keyed by their full path (`workingHours.0.endTime`); ids are made from it. */
const useErrorId = () => {
  const idPrefix = useId();
  return (path: string) => `${idPrefix}-${path.replace(/\./g, '-')}-error`;
};

interface WorkingHoursEditorProps<T extends DayHours> {
  value: T[];
  onChange: (value: T[]) => void;
  errors: PathErrors;
  /** Templates may give each day a capacity (docs/product.md §3 Schedule template). */
  withCapacity?: boolean;
  hint?: string;
}

/** docs/product.md §3 working hours: one row per weekday, Monday to Sunday; a day off keeps its times. */
export function WorkingHoursEditor<T extends DayHours>({
  value,
  onChange,
  errors,
  withCapacity,
  hint,
}: WorkingHoursEditorProps<T>) {
  const errorId = useErrorId();
  const update = (index: number, change: Partial<DayHours>) =>
    onChange(value.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));

  return (
    <Fieldset>
      <legend>Working hours</legend>
      {hint && <Muted>{hint}</Muted>}
      <ColumnHeads $withCapacity={withCapacity} aria-hidden="true">
        <span>Day</span>
        <span>Available</span>
        <span>Start</span>
        <span>End</span>
        {withCapacity && <span>Capacity</span>}
      </ColumnHeads>
      {value.map((entry, index) => {
        const name = dayLabel(entry.day);
        const path = `workingHours.${index}`;
        return (
          <HoursRow key={entry.day} role="group" aria-label={name} $withCapacity={withCapacity}>
            <DayName>{name}</DayName>
            <Toggle>
              <Switch
                aria-label={`${name} available`}
                checked={entry.isAvailable}
                onChange={(event) => update(index, { isAvailable: event.target.checked })}
              />
              <Muted aria-hidden="true">{entry.isAvailable ? 'Open' : 'Closed'}</Muted>
            </Toggle>
            <TimeCell
              label={`${name} start time`}
              value={entry.startTime}
              error={errors[`${path}.startTime`]}
              errorId={errorId(`${path}.startTime`)}
              onChange={(startTime) => update(index, { startTime })}
            />
            <TimeCell
              label={`${name} end time`}
              value={entry.endTime}
              error={errors[`${path}.endTime`]}
              errorId={errorId(`${path}.endTime`)}
              onChange={(endTime) => update(index, { endTime })}
            />
            {withCapacity && (
              <Cell
                label={`${name} capacity`}
                error={errors[`${path}.capacity`]}
                errorId={errorId(`${path}.capacity`)}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    min={1}
                    placeholder="—"
                    value={entry.capacity ?? ''}
                    onChange={(event) =>
                      update(index, {
                        capacity: event.target.value === '' ? undefined : Number(event.target.value),
                      })
                    }
                  />
                )}
              </Cell>
            )}
          </HoursRow>
        );
      })}
    </Fieldset>
  );
}

interface BreaksEditorProps {
  value: Break[];
  onChange: (value: Break[]) => void;
  errors: PathErrors;
}

/** docs/product.md §3 breaks: optional; a new break starts as 12:00-13:00. */
export function BreaksEditor({ value, onChange, errors }: BreaksEditorProps) {
  const errorId = useErrorId();
  const update = (index: number, change: Partial<Break>) =>
    onChange(value.map((pause, i) => (i === index ? { ...pause, ...change } : pause)));

  return (
    <Fieldset>
      <legend>Breaks</legend>
      {value.length === 0 && <Muted>No breaks.</Muted>}
      {value.map((pause, index) => {
        const path = `breaks.${index}`;
        const label = `Break ${index + 1}`;
        return (
          <BreakRow key={index} role="group" aria-label={label}>
            <TimeCell
              label={`${label} start time`}
              value={pause.startTime}
              error={errors[`${path}.startTime`]}
              errorId={errorId(`${path}.startTime`)}
              onChange={(startTime) => update(index, { startTime })}
            />
            <TimeCell
              label={`${label} end time`}
              value={pause.endTime}
              error={errors[`${path}.endTime`]}
              errorId={errorId(`${path}.endTime`)}
              onChange={(endTime) => update(index, { endTime })}
            />
            <SmallButton type="button" $danger onClick={() => onChange(value.filter((_, i) => i !== index))}>
              Remove {label.toLowerCase()}
            </SmallButton>
          </BreakRow>
        );
      })}
      {errors.breaks && <FieldError>{errors.breaks}</FieldError>}
      <div>
        <SmallButton type="button" onClick={() => onChange([...value, { ...DEFAULT_BREAK }])}>
          Add break
        </SmallButton>
      </div>
    </Fieldset>
  );
}
