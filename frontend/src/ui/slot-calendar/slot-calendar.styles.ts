import styled, { css } from 'styled-components';
import { LAYOUT } from '@appointment/contracts/constants';
import { SecondaryButton } from '../button.styles';

/** docs/product.md §2.6 colours: interval slots green, blocks blue, past slots grey. */
export type SlotTone = 'green' | 'blue' | 'grey';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const ToolbarGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
`;

export const ToolbarLabel = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

export const ViewButton = styled(SecondaryButton)`
  &&[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

/** The week's and the day's scrolling area, as tall as the day view (docs/product.md §9 layout). */
export const ScrollArea = styled.div`
  max-height: ${LAYOUT.dayView.areaHeight};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

export const WeekTable = styled.table`
  width: 100%;
  min-width: 42rem;
  border-collapse: collapse;
  table-layout: fixed;
  font-size: ${({ theme }) => theme.font.small};

  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  th,
  td {
    padding: ${({ theme }) => theme.spacing.xs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    border-left: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }

  tbody th {
    width: 4.5rem;
    font-weight: 400;
    text-align: right;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }

  tbody tr {
    height: 2.5rem;
  }
`;

export const HourColumnHead = styled.th`
  width: 4.5rem;
`;

export const DayHeadButton = styled.button<{ $today: boolean }>`
  width: 100%;
  padding: ${({ theme }) => theme.spacing.xs};
  border: 0;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: none;
  color: ${({ theme, $today }) => ($today ? theme.colors.primary : theme.colors.text)};
  font: inherit;
  font-weight: 700;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primarySoft};
  }

  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

export const CellSlots = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
`;

const toneColour = (tone: SlotTone) => css`
  ${({ theme }) =>
    tone === 'green'
      ? css`
          border-color: ${theme.colors.success};
          background: ${theme.colors.success};
          color: ${theme.colors.successText};
        `
      : tone === 'blue'
        ? css`
            border-color: ${theme.colors.primary};
            background: ${theme.colors.primary};
            color: ${theme.colors.primaryText};
          `
        : css`
            border-color: ${theme.colors.border};
            background: ${theme.colors.surfaceRaised};
            color: ${theme.colors.textMuted};
          `}
`;

export const SlotButton = styled.button<{ $tone: SlotTone }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.125rem ${({ theme }) => theme.spacing.xs};
  width: 100%;
  padding: 0.125rem ${({ theme }) => theme.spacing.xs};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.layout.radius};
  font: inherit;
  font-size: ${({ theme }) => theme.font.small};
  text-align: left;
  cursor: pointer;
  ${({ $tone }) => toneColour($tone)}

  &:disabled {
    cursor: not-allowed;
    opacity: ${({ $tone }) => ($tone === 'grey' ? 1 : 0.6)};
  }
`;

export const SlotLabelText = styled.span`
  font-weight: 700;
`;

/** docs/product.md §2.6 day view: green when the day has slots to book, grey otherwise. */
export const DayHeading = styled.p<{ $available: boolean }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  border-left: 4px solid
    ${({ theme, $available }) => ($available ? theme.colors.success : theme.colors.border)};
  font-weight: 700;
  color: ${({ theme, $available }) => ($available ? theme.colors.success : theme.colors.textMuted)};
`;

export const DayArea = styled(ScrollArea)<{ $available: boolean }>`
  height: ${LAYOUT.dayView.areaHeight};
  border-left: 4px solid
    ${({ theme, $available }) => ($available ? theme.colors.success : theme.colors.border)};
`;

export const HourList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const HourRow = styled.li`
  display: grid;
  grid-template-columns: 4.5rem 1fr;
  gap: ${({ theme }) => theme.spacing.sm};
  height: ${LAYOUT.dayView.rowHeight};
  box-sizing: border-box;
  padding: ${({ theme }) => theme.spacing.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

export const HourLabel = styled.span`
  font-size: ${({ theme }) => theme.font.small};
  text-align: right;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const HourSlots = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-content: flex-start;
  gap: ${({ theme }) => theme.spacing.xs};
  overflow-y: auto;

  ${SlotButton} {
    width: auto;
  }
`;

export const EmptyHour = styled.span`
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
