import styled from 'styled-components';
import { raisedSurface } from '../../../ui/surface.styles';

export const Panels = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  max-width: 48rem;
`;

export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  ${raisedSurface}
`;

export const PanelTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.text};
`;

export const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
`;

export const TextArea = styled.textarea`
  font: inherit;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  min-height: 3.5rem;
  resize: vertical;
`;

export const TemplateItem = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
`;

export const Saved = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
`;

/** The panels' fields, disabled for a viewer who only reads (support). */
export const Locked = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;
