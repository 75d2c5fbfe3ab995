import styled from 'styled-components';
import type { AppTheme } from '../../../app/theme';

export const Page = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

export const Greeting = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.text};
`;

export const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export type CardTone = keyof AppTheme['colors']['status'] | 'total';

export const Card = styled.li<{ $tone: CardTone }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $tone }) => ($tone === 'total' ? theme.colors.primary : theme.colors.status[$tone])};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const CardTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const CardCount = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.title};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
