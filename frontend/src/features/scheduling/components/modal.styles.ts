import styled from 'styled-components';

export const Dialog = styled.dialog<{ $wide?: boolean }>`
  width: min(${({ $wide }) => ($wide ? '44rem' : '30rem')}, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow};
  overflow-y: auto;

  &::backdrop {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

export const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.large};
`;
