import styled from 'styled-components';
import { raisedSurface } from '../../../ui/surface.styles';

export const AppCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  ${raisedSurface}
`;

export const AppHeading = styled.h2`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.text};
`;

export const AppStatus = styled.span<{ $connected: boolean }>`
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  color: ${({ theme, $connected }) => ($connected ? theme.colors.success : theme.colors.textMuted)};
`;

export const AppText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const AppActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: auto;
`;
