import styled from 'styled-components';

const hoursColumns = ({ $withCapacity }: { $withCapacity?: boolean }) =>
  $withCapacity ? '6.5rem 6rem 1fr 1fr 5.5rem' : '6.5rem 6rem 1fr 1fr';

/** One row of the working-hours editor: day, available, start, end and (templates) capacity. */
export const HoursRow = styled.div<{ $withCapacity?: boolean }>`
  display: grid;
  grid-template-columns: ${hoursColumns};
  align-items: start;
  gap: ${({ theme }) => theme.spacing.sm};

  @media (max-width: 560px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const ColumnHeads = styled.div<{ $withCapacity?: boolean }>`
  display: grid;
  grid-template-columns: ${hoursColumns};
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};

  @media (max-width: 560px) {
    display: none;
  }
`;

export const DayName = styled.span`
  padding-top: ${({ theme }) => theme.spacing.sm};
  font-weight: 600;
`;

export const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding-top: ${({ theme }) => theme.spacing.xs};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

export const BreakRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  align-items: start;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const Muted = styled.span`
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
