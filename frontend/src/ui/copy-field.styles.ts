import styled from 'styled-components';

export const CopyRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  & > input {
    flex: 1;
    min-width: 0;
    font-family: ui-monospace, monospace;
  }
`;
