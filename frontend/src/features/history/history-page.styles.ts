import styled from 'styled-components';
import { raisedSurface } from '../../ui/surface.styles';

export const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.text};
`;

export const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing.xs};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
  }
  input,
  select {
    padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  }
`;

export const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.spacing.lg};

  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Panel = styled.section`
  ${raisedSurface};
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.text};
  min-width: 0;
`;

export const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const Entry = styled.li`
  padding: ${({ theme }) => theme.spacing.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const EntryMeta = styled.div`
  font-size: 0.85em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const EntryActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.xs};
`;

export const Diff = styled.table`
  margin-top: ${({ theme }) => theme.spacing.xs};
  border-collapse: collapse;
  font-size: 0.9em;

  th,
  td {
    text-align: left;
    padding: 2px ${({ theme }) => theme.spacing.sm};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  del {
    color: ${({ theme }) => theme.colors.danger};
  }
  ins {
    color: ${({ theme }) => theme.colors.success};
    text-decoration: none;
  }
`;

export const States = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
