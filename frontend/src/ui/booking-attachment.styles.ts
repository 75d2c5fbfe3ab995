import styled from 'styled-components';

/** A booking's note and picture thumbnail, side by side, wrapping on a narrow card. */
export const Attachment = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.font.small};
`;

export const Note = styled.p`
  flex: 1 1 12rem;
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const NoteLabel = styled.span`
  font-weight: 600;
`;

export const PictureLink = styled.a`
  display: inline-block;
  line-height: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  overflow: hidden;
`;

export const Thumbnail = styled.img`
  width: 4rem;
  height: 4rem;
  object-fit: cover;
`;
