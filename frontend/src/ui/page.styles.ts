import styled from 'styled-components';

/** A page's heading row: the title on the left, its main action (if any) on the right. */
export const PageHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

export const PageTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.text};
`;

/** A list of cards that fills the row, each at least 16rem wide. */
export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.spacing.lg};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A quiet line above the content: loading, nothing found. */
export const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

// A failure above the content, in the viewer's language.
export { ErrorNotice } from './message-text';

/** A page title with no header row beside it: the content follows below. */
export const StandalonePageTitle = styled(PageTitle)`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
`;

/**
 * A labelled region (role="region", aria-label) that scrolls past the given height; in the tab
 * order (tabIndex 0) so the keyboard can scroll it. It wraps a list, which keeps its own role.
 */
export const ScrollRegion = styled.div<{ $maxHeight: string }>`
  max-height: ${({ $maxHeight }) => $maxHeight};
  overflow-y: auto;
`;
