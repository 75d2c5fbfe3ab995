import styled, { keyframes } from 'styled-components';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-0.5rem); }
  to { opacity: 1; transform: translateY(0); }
`;

export const Region = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.spacing.md};
  left: 50%;
  z-index: 100;
  transform: translateX(-50%);
  max-width: calc(100vw - 2rem);
  pointer-events: none;
`;

export const Bubble = styled.div`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.success};
  color: ${({ theme }) => theme.colors.successText};
  box-shadow: ${({ theme }) => theme.shadow};
  font-weight: 600;
  animation: ${slideIn} 0.2s ease-out;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
