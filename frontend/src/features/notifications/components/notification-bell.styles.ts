import styled from 'styled-components';
import { LAYOUT } from '@appointment/contracts/constants';
import { raisedSurface } from '../../../ui/surface.styles';

export const Dot = styled.span`
  position: absolute;
  top: 0.4rem;
  right: 0.45rem;
  width: 0.55rem;
  height: 0.55rem;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.danger};
`;

export const Panel = styled.section`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.spacing.sm});
  right: 0;
  z-index: 40;
  width: min(20rem, calc(100vw - 1rem));
  ${raisedSurface}
`;

export const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.base};
`;

export const ClearAll = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.font.small};
  cursor: pointer;

  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

/** docs/product.md §2.2, §9: the list scrolls at about 15rem. */
export const List = styled.ul`
  max-height: ${LAYOUT.notificationPanelMaxHeight};
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

export const Item = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const Body = styled.div`
  flex: 1;
  min-width: 0;
`;

export const Message = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.small};
  overflow-wrap: anywhere;
`;

export const Time = styled.time`
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  text-align: center;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
