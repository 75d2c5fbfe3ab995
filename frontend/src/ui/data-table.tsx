import type { ReactNode } from 'react';
import { MessageText } from './message-text';
import { MessageCell, Table } from './table.styles';

interface DataTableProps {
  /** Id of the heading that names the table. */
  labelledBy: string;
  columns: readonly string[];
  busy: boolean;
  /** Shown in one row across every column instead of the rows (loading, empty). */
  message: string | null;
  stickyHeader?: boolean;
  children: ReactNode;
}

/** A table with a header row, whose body shows either its rows or a single message row. */
export function DataTable({ labelledBy, columns, busy, message, stickyHeader, children }: DataTableProps) {
  return (
    <Table aria-labelledby={labelledBy} aria-busy={busy} $stickyHeader={stickyHeader}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {message ? (
          <tr>
            <MessageCell colSpan={columns.length}>
              <MessageText>{message}</MessageText>
            </MessageCell>
          </tr>
        ) : (
          children
        )}
      </tbody>
    </Table>
  );
}
