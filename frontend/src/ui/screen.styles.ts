import styled from 'styled-components';

/**
 * The frame of a page opened on its own, without the shell: the sign-in screens and the pages a
 * link in an e-mail opens (a booking's signed link).
 */
export const Screen = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Title = styled.h2`
  margin: 0;
  text-align: center;
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.text};
`;

/** What went well, said once above the form (a link sent, a password changed). */
export const SuccessNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.small};
`;
