import { useId, type ReactNode } from 'react';
import { DEFAULT_BREAK, type Weekday } from '@appointment/contracts/constants';
import type { Break, WorkingHoursEntry } from '@appointment/contracts/schedule';
import { useCatalogue } from '../lib/catalogue';
import { SmallButton } from './button.styles';
import { FieldError, Fieldset, Input, ShrinkingField } from './form.styles';
import { Switch } from './toggle.styles';
import type { PathErrors } from './use-schema-form';
import { HOURS_EDITOR_TEXTS } from './hours-editor.texts';
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
  const { texts: T, t } = useCatalogue('hoursEditor', HOURS_EDITOR_TEXTS);
  const update = (index: number, change: Partial<DayHours>) =>
    onChange(value.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));

  return (
    <Fieldset>
      <legend>{T.workingHours}</legend>
      {hint && <Muted>{hint}</Muted>}
      <ColumnHeads $withCapacity={withCapacity} aria-hidden="true">
        <span>{T.day}</span>
        <span>{T.available}</span>
        <span>{T.start}</span>
        <span>{T.end}</span>
        {withCapacity && <span>{T.capacity}</span>}
      </ColumnHeads>
      {value.map((entry, index) => {
        const name = T.days[entry.day] ?? dayLabel(entry.day);
        const path = `workingHours.${index}`;
        return (
          <HoursRow key={entry.day} role="group" aria-label={name} $withCapacity={withCapacity}>
            <DayName>{name}</DayName>
            <Toggle>
              <Switch
                aria-label={t('dayAvailable', { day: name })}
                checked={entry.isAvailable}
                onChange={(event) => update(index, { isAvailable: event.target.checked })}
              />
              <Muted aria-hidden="true">{entry.isAvailable ? T.open : T.closed}</Muted>
            </Toggle>
            <TimeCell
              label={t('dayStartTime', { day: name })}
              value={entry.startTime}
              error={errors[`${path}.startTime`]}
              errorId={errorId(`${path}.startTime`)}
              onChange={(startTime) => update(index, { startTime })}
            />
            <TimeCell
              label={t('dayEndTime', { day: name })}
              value={entry.endTime}
              error={errors[`${path}.endTime`]}
              errorId={errorId(`${path}.endTime`)}
              onChange={(endTime) => update(index, { endTime })}
            />
            {withCapacity && (
              <Cell
                label={t('dayCapacity', { day: name })}
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
  const { texts: T, t } = useCatalogue('hoursEditor', HOURS_EDITOR_TEXTS);
  const update = (index: number, change: Partial<Break>) =>
    onChange(value.map((pause, i) => (i === index ? { ...pause, ...change } : pause)));

  return (
    <Fieldset>
      <legend>{T.breaks}</legend>
      {value.length === 0 && <Muted>{T.noBreaks}</Muted>}
      {value.map((pause, index) => {
        const path = `breaks.${index}`;
        const number = index + 1;
        const label = t('breakNumber', { number });
        return (
          <BreakRow key={index} role="group" aria-label={label}>
            <TimeCell
              label={t('breakStartTime', { number })}
              value={pause.startTime}
              error={errors[`${path}.startTime`]}
              errorId={errorId(`${path}.startTime`)}
              onChange={(startTime) => update(index, { startTime })}
            />
            <TimeCell
              label={t('breakEndTime', { number })}
              value={pause.endTime}
              error={errors[`${path}.endTime`]}
              errorId={errorId(`${path}.endTime`)}
              onChange={(endTime) => update(index, { endTime })}
            />
            <SmallButton type="button" $danger onClick={() => onChange(value.filter((_, i) => i !== index))}>
              {t('removeBreak', { number })}
            </SmallButton>
          </BreakRow>
        );
      })}
      {errors.breaks && <FieldError>{errors.breaks}</FieldError>}
      <div>
        <SmallButton type="button" onClick={() => onChange([...value, { ...DEFAULT_BREAK }])}>
          {T.addBreak}
        </SmallButton>
      </div>
    </Fieldset>
  );
}
