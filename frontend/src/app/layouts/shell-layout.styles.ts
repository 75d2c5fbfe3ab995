import styled from 'styled-components';

export const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

export const Body = styled.div`
  display: flex;
  flex: 1;
  min-height: 0;
`;

export const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.lg};
  /* Room below the last line for the chat button (3.5rem at 1.5rem from the edge). */
  padding-bottom: calc(3.5rem + 2 * ${({ theme }) => theme.spacing.lg});
`;

export const Backdrop = styled.div`
  display: none;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    display: block;
    position: fixed;
    inset: ${({ theme }) => theme.layout.topBarHeight} 0 0 0;
    z-index: 10;
    background: ${({ theme }) => theme.colors.overlay};
  }
`;
