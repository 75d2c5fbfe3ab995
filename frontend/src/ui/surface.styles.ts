import { css } from 'styled-components';

/** The frame of everything raised above the page: cards, panels, menus and tables. */
export const raisedSurface = css`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
`;
