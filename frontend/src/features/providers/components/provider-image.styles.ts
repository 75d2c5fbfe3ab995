import styled, { css } from 'styled-components';

type Size = 'card' | 'detail';

const frame = css<{ $size: Size }>`
  display: block;
  flex-shrink: 0;
  border-radius: ${({ theme }) => theme.layout.radius};
  ${({ $size }) =>
    $size === 'card'
      ? css`
          width: 100%;
          height: 9rem;
        `
      : css`
          width: 7rem;
          height: 7rem;
        `}
`;

export const Picture = styled.img<{ $size: Size }>`
  ${frame}
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

export const Placeholder = styled.div<{ $size: Size }>`
  ${frame}
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
`;
