import styled from 'styled-components';

export const CheckoutBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Summary = styled.p`
  margin: 0;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};
`;

/** The sandbox checkout page; light like the page it shows, whatever the app's theme. */
export const CheckoutFrame = styled.iframe`
  display: block;
  width: 100%;
  height: 24rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: #f6f7fb;
`;

export const Busy = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;
