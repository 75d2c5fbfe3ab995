import styled from 'styled-components';
import { SecondaryButton } from '../../../ui/button.styles';

export const ScreenHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

export const BackButton = styled(SecondaryButton)`
  flex-shrink: 0;
`;

export const ProviderHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.text};

  &:focus {
    outline: none;
  }
`;

export const StepTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.text};
`;

/** docs/product.md §2.6: the services as one horizontal row that scrolls sideways when it does not fit. */
export const ServiceRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.spacing.xs};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

export const ServiceButton = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  flex-shrink: 0;
  gap: 0.125rem;
  min-width: 10rem;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

export const ServiceName = styled.span`
  font-weight: 600;
`;

export const ServiceMeta = styled.span`
  font-size: ${({ theme }) => theme.font.small};
  opacity: 0.85;

  /* Dimmed, the light text on the chosen service's blue fell short of 4.5:1 contrast. */
  [aria-pressed='true'] > & {
    opacity: 1;
  }
`;

export const SlotArea = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

export const SlotHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const SlotTitle = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.font.base};
  color: ${({ theme }) => theme.colors.text};
`;

export const SlotDate = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.large};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

export const SlotTime = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.large};
  color: ${({ theme }) => theme.colors.primary};
`;

export const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const BookRow = styled.div`
  display: flex;
  margin-top: ${({ theme }) => theme.spacing.md};
`;
