import styled from 'styled-components';
import { raisedSurface } from '../../ui/surface.styles';

export const Page = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.background};
`;

export const Corner = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.spacing.md};
  right: ${({ theme }) => theme.spacing.md};
`;

export const Card = styled.div`
  width: 100%;
  max-width: 28rem;
  padding: ${({ theme }) => theme.spacing.xl};
  ${raisedSurface}
`;

export const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  text-align: center;
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.primary};
`;
