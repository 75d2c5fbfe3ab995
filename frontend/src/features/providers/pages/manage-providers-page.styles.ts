import styled from 'styled-components';

export const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.text};
`;

/** SPEC §9: the approval table scrolls past this height; the header row stays in view. */
export const ScrollArea = styled.div<{ $maxHeight: string }>`
  max-height: ${({ $maxHeight }) => $maxHeight};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.small};

  th,
  td {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    overflow-wrap: anywhere;
  }

  th {
    position: sticky;
    top: 0;
    z-index: 1;
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

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const AcceptButton = styled.button`
  font: inherit;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  border: 0;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

export const RejectButton = styled.button`
  font: inherit;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  border: 0;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.dangerText};
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

export const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorNotice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.danger};
`;

export const SuccessNotice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.primary};
`;
