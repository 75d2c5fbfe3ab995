import styled from 'styled-components';

export const PolicySection = styled.section`
  margin: ${({ theme }) => theme.spacing.lg} 0;
  padding-top: ${({ theme }) => theme.spacing.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    font-size: 1.125rem;
  }
`;

export const PolicyForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};

  button {
    align-self: flex-start;
    width: auto;
  }
`;

/** The fields side by side where there is room, one under another on a phone. */
export const PolicyFields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
`;

export const PolicyNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
