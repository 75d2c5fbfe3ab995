import styled from 'styled-components';

export const Dialog = styled.dialog`
  width: min(28rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.spacing.lg};
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

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
