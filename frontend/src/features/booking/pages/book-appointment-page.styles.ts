import styled from 'styled-components';

export { StandalonePageTitle as Title } from '../../../ui/page.styles';

/** The industries on the left, the providers or the booking screen beside them. */
export const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(11rem, 14rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing.lg};
  align-items: start;

  @media (max-width: ${({ theme }) => theme.layout.drawerMaxWidth}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
