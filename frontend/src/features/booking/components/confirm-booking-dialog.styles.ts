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
