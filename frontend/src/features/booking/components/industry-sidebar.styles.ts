import styled from 'styled-components';
import { raisedSurface } from '../../../ui/surface.styles';

export const Sidebar = styled.aside`
  align-self: start;
  padding: ${({ theme }) => theme.spacing.md};
  ${raisedSurface}
`;

export const SidebarTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.base};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A column beside the providers; on a phone one row that scrolls sideways, so what is chosen stays near. */
export const IndustryList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    flex-direction: row;
    overflow-x: auto;
    padding-bottom: ${({ theme }) => theme.spacing.xs};

    li {
      flex-shrink: 0;
    }
  }
`;

export const IndustryButton = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  width: 100%;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    white-space: nowrap;
    border-color: ${({ theme }) => theme.colors.border};
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
    font-weight: 600;
  }
`;

export const IndustryIcon = styled.span`
  font-size: ${({ theme }) => theme.font.large};
  line-height: 1;
`;
