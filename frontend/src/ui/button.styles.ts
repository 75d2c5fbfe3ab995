import styled from 'styled-components';

export const Button = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;

  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const SecondaryButton = styled(Button)`
  border-color: ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

export const IconButton = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.layout.radius};
  flex-shrink: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/** A compact outlined button for actions inside a form or a card; `$danger` tints it red. */
export const SmallButton = styled.button<{ $danger?: boolean }>`
  font: inherit;
  font-size: ${({ theme }) => theme.font.small};
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  border: 1px solid ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

/** A link that looks like a SmallButton (a download, a page elsewhere). */
export const SmallLink = styled(SmallButton).attrs({ as: 'a' })`
  text-decoration: none;
  display: inline-block;
`;
