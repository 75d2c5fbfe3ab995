import styled from 'styled-components';

export const CurrencyForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  select {
    width: auto;
    min-width: 10rem;
  }

  button {
    width: auto;
  }

  p {
    flex-basis: 100%;
    margin: 0;
  }
`;

export const CurrencyNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;
