import { useId } from 'react';
import { DEFAULT_BREAK } from '@appointment/contracts/constants';
import type { PathErrors } from './form-errors';
import {
  AddButton,
  Cell,
  FieldError,
  Fieldset,
  Hint,
  Input,
  Label,
  Legend,
  RemoveButton,
  Row,
} from './editor.styles';

export interface BreakRow {
  key: number;
  startTime: string;
  endTime: string;
}

interface BreaksEditorProps {
  value: BreakRow[];
  onChange: (value: BreakRow[]) => void;
  nextKey: () => number;
  errors: PathErrors;
}

/** SPEC §3 breaks: optional; a new break starts as 12:00-13:00. */
export function BreaksEditor({ value, onChange, nextKey, errors }: BreaksEditorProps) {
  const idPrefix = useId();
  const update = (key: number, change: Partial<BreakRow>) =>
    onChange(value.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <Fieldset>
      <Legend>Breaks</Legend>
      {value.length === 0 && <Hint>No breaks.</Hint>}
      {value.map((row, index) => {
        const label = `Break ${index + 1}`;
        const startId = `${idPrefix}-${row.key}-start`;
        const endId = `${idPrefix}-${row.key}-end`;
        const startError = errors[`breaks.${index}.startTime`];
        const endError = errors[`breaks.${index}.endTime`];
        return (
          <Row key={row.key} role="group" aria-label={label}>
            <Cell $min="7rem">
              <Label htmlFor={startId}>Start time</Label>
              <Input
                id={startId}
                type="time"
                value={row.startTime}
                aria-invalid={startError ? true : undefined}
                aria-describedby={startError ? `${startId}-error` : undefined}
                onChange={(event) => update(row.key, { startTime: event.target.value })}
              />
              {startError && <FieldError id={`${startId}-error`}>{startError}</FieldError>}
            </Cell>
            <Cell $min="7rem">
              <Label htmlFor={endId}>End time</Label>
              <Input
                id={endId}
                type="time"
                value={row.endTime}
                aria-invalid={endError ? true : undefined}
                aria-describedby={endError ? `${endId}-error` : undefined}
                onChange={(event) => update(row.key, { endTime: event.target.value })}
              />
              {endError && <FieldError id={`${endId}-error`}>{endError}</FieldError>}
            </Cell>
            <RemoveButton
              type="button"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => onChange(value.filter((other) => other.key !== row.key))}
            >
              Remove
            </RemoveButton>
          </Row>
        );
      })}
      <AddButton type="button" onClick={() => onChange([...value, { key: nextKey(), ...DEFAULT_BREAK }])}>
        Add break
      </AddButton>
    </Fieldset>
  );
}
