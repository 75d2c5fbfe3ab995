import styled from 'styled-components';

export const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.text};
`;

export const TableFrame = styled.div`
  overflow-x: auto;
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
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }

  tbody tr:last-child td {
    border-bottom: 0;
  }
`;

export const RoleBadge = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
`;

export const MessageCell = styled.td`
  color: ${({ theme }) => theme.colors.textMuted};

  /* Doubled to outweigh the table's left alignment of every cell. */
  && {
    text-align: center;
  }
`;

export const ErrorNotice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.danger};
`;
