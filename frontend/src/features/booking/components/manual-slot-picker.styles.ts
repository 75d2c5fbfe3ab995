import styled, { css } from 'styled-components';
import { chip } from './booking.styles';

export const DayTitle = styled.h5`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.base};
  color: ${({ theme }) => theme.colors.text};
`;

export const SlotList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** docs/product.md §2.6: interval slots are green, blocks blue, past ones grey. */
export const SlotItem = styled.li<{ $kind: 'interval' | 'block'; $past: boolean }>`
  display: flex;
  /* A full place's badge and "Join the waitlist" wrap within the item, never over the next one. */
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid;
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.small};
  ${({ theme, $kind, $past }) =>
    $past
      ? css`
          border-color: ${theme.colors.border};
          color: ${theme.colors.textMuted};
        `
      : $kind === 'interval'
        ? css`
            border-color: ${theme.colors.success};
            color: ${theme.colors.text};
          `
        : css`
            border-color: ${theme.colors.primary};
            color: ${theme.colors.text};
          `}
`;

/** The time of a slot in the day's selection; choosing it opens the confirm dialog. */
export const SlotChoice = styled.button`
  flex: 1;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;

  &:disabled {
    font-weight: 400;
    cursor: not-allowed;
  }
`;

export const SlotBadge = styled.span<{ $tone: 'muted' | 'success' | 'danger' }>`
  ${chip}
  color: ${({ theme, $tone }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'danger'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;

/** Under a full day's places: its "Join the waitlist for any place that day" and what came of it. */
export const DayWaitlist = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.sm};
`;
