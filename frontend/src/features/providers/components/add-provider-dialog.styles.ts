import styled from 'styled-components';

export const Dialog = styled.dialog`
  width: min(52rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  padding: ${({ theme }) => theme.spacing.lg};
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow};

  &::backdrop {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

export const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.large};
`;
