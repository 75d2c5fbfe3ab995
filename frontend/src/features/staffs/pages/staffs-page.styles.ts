import styled from 'styled-components';

export { StandalonePageTitle as Title } from '../../../ui/page.styles';

export const RoleBadge = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
`;
