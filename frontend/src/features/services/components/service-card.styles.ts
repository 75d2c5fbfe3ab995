import styled, { css } from 'styled-components';
import { raisedSurface } from '../../../ui/surface.styles';

export const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  height: 100%;
  padding: ${({ theme }) => theme.spacing.lg};
  ${raisedSurface}
  color: ${({ theme }) => theme.colors.text};
`;

export const Name = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.large};
  overflow-wrap: anywhere;
`;

export const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }

  dd {
    margin: 0;
    font-weight: 600;
  }
`;

export const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

export type BadgeTone = 'success' | 'warning' | 'primary' | 'muted';

export const Badge = styled.span<{ $tone: BadgeTone }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid currentColor;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  ${({ theme, $tone }) => css`
    color: ${$tone === 'muted' ? theme.colors.textMuted : theme.colors[$tone]};
  `}
`;

export const CardActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.spacing.sm};
`;

export const DangerOutlineButton = styled.button`
  font: inherit;
  font-weight: 600;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.danger};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;
