import styled, { css } from 'styled-components';
import { raisedSurface } from './surface.styles';

const frame = css`
  ${raisedSurface}
`;

/** A card around a table that scrolls sideways when the columns do not fit. */
export const TableFrame = styled.div`
  overflow-x: auto;
  ${frame}
`;

/** A card around a table that also scrolls past the given height; a sticky header stays in view. */
export const ScrollArea = styled.div<{ $maxHeight: string }>`
  max-height: ${({ $maxHeight }) => $maxHeight};
  overflow: auto;
  ${frame}
`;

export const Table = styled.table<{ $stickyHeader?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.small};

  th,
  td {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    /* Long words wrap, but a column is never narrower than its longest word: on a phone the
       table scrolls sideways in its frame instead of wrapping a letter per line (issue 32). */
    overflow-wrap: break-word;
  }

  th {
    ${({ $stickyHeader }) =>
      $stickyHeader &&
      css`
        position: sticky;
        top: 0;
        z-index: 1;
      `}
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }

  tbody tr:last-child td {
    border-bottom: 0;
  }
`;

export const MessageCell = styled.td`
  color: ${({ theme }) => theme.colors.textMuted};

  /* Doubled to outweigh the table's left alignment of every cell. */
  && {
    text-align: center;
  }
`;

// A failure above a table, in the viewer's language: the same frame as a page's.
export { ErrorNotice as TableErrorNotice } from './message-text';
