import styled from 'styled-components';
import { raisedSurface } from '../../ui/surface.styles';

export const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.xs};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

export const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  overflow: hidden;
  border-radius: 50%;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};

  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** docs/product.md §2.2: the name shows beside the avatar on wider screens only. */
export const Name = styled.span`
  max-width: 10rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    display: none;
  }
`;

export const Menu = styled.ul`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.spacing.sm});
  right: 0;
  z-index: 40;
  min-width: 11rem;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.xs};
  ${raisedSurface}
  list-style: none;
`;

export const MenuEntry = styled.li``;

export const MenuItem = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  width: 100%;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: none;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;
