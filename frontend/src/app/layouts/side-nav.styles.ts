import styled from 'styled-components';

export const Panel = styled.nav<{ $open: boolean }>`
  flex: 0 0 ${({ theme }) => theme.layout.sideNavWidth};
  padding: ${({ theme }) => theme.spacing.md};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    position: fixed;
    top: ${({ theme }) => theme.layout.topBarHeight};
    bottom: 0;
    left: 0;
    z-index: 20;
    width: ${({ theme }) => theme.layout.sideNavWidth};
    max-width: 85vw;
    overflow-y: auto;
    box-shadow: ${({ theme }) => theme.shadow};
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    /* Hidden once it has slid away, so a closed drawer is out of the tab order and the accessibility tree. */
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
    transition:
      transform 0.2s ease,
      visibility 0s linear ${({ $open }) => ($open ? '0s' : '0.2s')};
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

export const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Item = styled.li``;

export const Link = styled.a`
  display: block;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  &.active {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** A group of the menu (the admin's Integrations) under its heading. */
export const Group = styled.li`
  margin-top: ${({ theme }) => theme.spacing.sm};
`;

export const GroupHeading = styled.span`
  display: block;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.05em;
  text-transform: uppercase;
`;
