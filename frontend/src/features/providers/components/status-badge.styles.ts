import styled, { type DefaultTheme } from 'styled-components';

type Tone = 'active' | 'pending' | 'other';

const toneColour = (theme: DefaultTheme, tone: Tone): string =>
  tone === 'active' ? theme.colors.success : tone === 'pending' ? theme.colors.warning : theme.colors.danger;

export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 0.1rem ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme, $tone }) => toneColour(theme, $tone)};
  border-radius: 999px;
  background: ${({ theme, $tone }) => `color-mix(in srgb, ${toneColour(theme, $tone)} 14%, transparent)`};
  color: ${({ theme, $tone }) => toneColour(theme, $tone)};
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  white-space: nowrap;
`;
