import styled from 'styled-components';
import { Input } from '../../../ui/form.styles';

export const ConfirmText = styled.p`
  margin: 0;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};
`;

export const NoteArea = styled(Input).attrs({ as: 'textarea' })`
  min-height: 5rem;
  resize: vertical;
`;

export const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 12rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  object-fit: contain;
`;

export const AddNoteRow = styled.div`
  display: flex;
`;

/** Issue 31: the Repeat choice and its fields, in one row. */
export const RepeatRow = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: flex-end;
  flex-wrap: wrap;
`;

export const UnitSelect = styled(Input).attrs({ as: 'select' })`
  width: auto;
`;

/** The occurrences of a series, those not free marked. */
export const OccurrenceList = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  max-height: 12rem;
  overflow-y: auto;
  line-height: 1.6;
  color: ${({ theme }) => theme.colors.text};

  li[data-free='false'] {
    color: ${({ theme }) => theme.colors.danger};
    text-decoration: line-through;
  }
`;
