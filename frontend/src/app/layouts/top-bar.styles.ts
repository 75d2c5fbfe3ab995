import styled from 'styled-components';

export const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 ${({ theme }) => theme.spacing.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    gap: ${({ theme }) => theme.spacing.sm};
    padding: 0 ${({ theme }) => theme.spacing.sm};
  }
`;

export const DrawerToggle = styled.button`
  display: none;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  flex-shrink: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    display: inline-flex;
  }
`;

export const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  /* The name never shrinks under the actions beside it. */
  flex-shrink: 0;
`;

/** The logo mark gives way on a phone-sized screen, so the product's name fits whole. */
export const BrandMark = styled.span`
  display: inline-flex;

  @media (max-width: 25rem) {
    display: none;
  }
`;

export const Title = styled.span`
  font-size: ${({ theme }) => theme.font.large};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  /* The product's name is never cut ("Appoint…" on a phone); other items give way. */
  flex-shrink: 0;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    font-size: ${({ theme }) => theme.font.base};
  }
`;

export const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  margin-left: auto;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    gap: ${({ theme }) => theme.spacing.xs};
  }
`;

export const Popover = styled.div`
  position: relative;
  display: inline-flex;
`;
