import styled, { type DefaultTheme } from 'styled-components';

type Tone = 'active' | 'pending' | 'other';

const toneColour = (theme: DefaultTheme, tone: Tone): string =>
  tone === 'active' ? theme.colors.success : tone === 'pending' ? theme.colors.warning : theme.colors.danger;

export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 0.1rem ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme, $tone }) => toneColour(theme, $tone)};
  border-radius: 999px;
  /* A 10% tint keeps each tone's text at 4.5:1 or more (14% left green and red just under). */
  background: ${({ theme, $tone }) => `color-mix(in srgb, ${toneColour(theme, $tone)} 10%, transparent)`};
  color: ${({ theme, $tone }) => toneColour(theme, $tone)};
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  white-space: nowrap;
`;
