import styled from 'styled-components';

export const ScopeList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const CheckRow = styled.label`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.small};
`;

/** The new key, shown once: monospace, wrapping anywhere, easy to select whole. */
export const KeyBox = styled.output`
  display: block;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.background};
  font-family: ui-monospace, monospace;
  overflow-wrap: anywhere;
  user-select: all;
`;

export const MaskedKey = styled.code`
  white-space: nowrap;
`;

export const ScopeChips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 0 ${({ theme }) => theme.spacing.xs};
    border-radius: ${({ theme }) => theme.layout.radius};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-size: ${({ theme }) => theme.font.small};
    white-space: nowrap;
  }
`;
