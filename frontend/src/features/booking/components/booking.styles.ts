import styled, { css } from 'styled-components';
import { raisedSurface } from '../../../ui/surface.styles';

/** Shared pieces of the booking screens. */

export { ErrorNotice } from '../../../ui/page.styles';

export const Panel = styled.section`
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.lg};
  ${raisedSurface}
`;

export const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.text};
`;

export const SubTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.base};
  color: ${({ theme }) => theme.colors.text};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An action that reads as a link (switching the booking mode stays on the same screen). */
export const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

export const chip = css`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
`;
