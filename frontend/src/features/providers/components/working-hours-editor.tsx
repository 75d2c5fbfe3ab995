import { useId } from 'react';
import type { WorkingHoursEntry } from '@appointment/contracts/schedule';
import { dayLabel, type PathErrors } from './form-errors';
import {
  Cell,
  DayName,
  FieldError,
  Fieldset,
  Hint,
  Input,
  Label,
  Legend,
  Row,
  Switch,
} from './editor.styles';

type Entry = Pick<WorkingHoursEntry, 'day' | 'startTime' | 'endTime' | 'isAvailable'>;

interface WorkingHoursEditorProps {
  value: Entry[];
  onChange: (value: Entry[]) => void;
  errors: PathErrors;
}

/** SPEC §3 working hours: one row per weekday, Monday to Sunday; a day off keeps its times. */
export function WorkingHoursEditor({ value, onChange, errors }: WorkingHoursEditorProps) {
  const idPrefix = useId();
  const update = (index: number, change: Partial<Entry>) =>
    onChange(value.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));

  return (
    <Fieldset>
      <Legend>Working hours</Legend>
      <Hint>Switch a day off when the provider is closed.</Hint>
      {value.map((entry, index) => {
        const day = dayLabel(entry.day);
        const startId = `${idPrefix}-${entry.day}-start`;
        const endId = `${idPrefix}-${entry.day}-end`;
        const startError = errors[`workingHours.${index}.startTime`];
        const endError = errors[`workingHours.${index}.endTime`];
        return (
          <Row key={entry.day} role="group" aria-label={day}>
            <DayName>
              <Switch
                checked={entry.isAvailable}
                aria-label={`${day} available`}
                onChange={(event) => update(index, { isAvailable: event.target.checked })}
              />
              {day}
            </DayName>
            <Cell $min="7rem">
              <Label htmlFor={startId}>Start time</Label>
              <Input
                id={startId}
                type="time"
                value={entry.startTime}
                disabled={!entry.isAvailable}
                aria-invalid={startError ? true : undefined}
                aria-describedby={startError ? `${startId}-error` : undefined}
                onChange={(event) => update(index, { startTime: event.target.value })}
              />
              {startError && <FieldError id={`${startId}-error`}>{startError}</FieldError>}
            </Cell>
            <Cell $min="7rem">
              <Label htmlFor={endId}>End time</Label>
              <Input
                id={endId}
                type="time"
                value={entry.endTime}
                disabled={!entry.isAvailable}
                aria-invalid={endError ? true : undefined}
                aria-describedby={endError ? `${endId}-error` : undefined}
                onChange={(event) => update(index, { endTime: event.target.value })}
              />
              {endError && <FieldError id={`${endId}-error`}>{endError}</FieldError>}
            </Cell>
            {!entry.isAvailable && <Hint>Closed</Hint>}
          </Row>
        );
      })}
    </Fieldset>
  );
}
