import styled from 'styled-components';

export const Page = styled.div`
  padding: ${({ theme }) => theme.spacing.xl};
  color: ${({ theme }) => theme.colors.text};
`;

export const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.title};
  color: ${({ theme }) => theme.colors.danger};
`;

export const Detail = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;
