import styled from 'styled-components';
import { chip } from './booking.styles';
import { raisedSurface } from '../../../ui/surface.styles';

export const FilterBar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  ${raisedSurface}
  transition: border-color 0.15s ease;

  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Media = styled.div`
  height: 8rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export const ImagePlaceholder = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  font-size: 2rem;
  font-weight: 700;
`;

export const CardBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const CardTitle = styled.h3`
  margin: 0;
  padding-right: 2.5rem;
  font-size: ${({ theme }) => theme.font.base};
`;

/** The provider's name; its click area is stretched over the whole card. */
export const OpenButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 700;
  text-align: left;
  cursor: pointer;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;

export const Detail = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

export const Rating = styled.span<{ $new: boolean }>`
  ${chip}
  align-self: flex-start;
  margin-top: ${({ theme }) => theme.spacing.xs};
  background: ${({ theme, $new }) => ($new ? theme.colors.primarySoft : theme.colors.surfaceRaised)};
  color: ${({ theme, $new }) => ($new ? theme.colors.primary : theme.colors.warning)};
`;

/** Above the stretched open button, so it can be pressed on its own. */
export const FavouriteButton = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.spacing.sm};
  right: ${({ theme }) => theme.spacing.sm};
  z-index: 1;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
  }

  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;
