import styled from 'styled-components';
import { Input, Label, Select } from '../../../ui/form.styles';

export {
  CardGrid as Grid,
  ErrorNotice,
  Notice,
  PageHeader as Header,
  PageTitle as Title,
} from '../../../ui/page.styles';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

export const Filter = styled.div<{ $grow?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  flex: ${({ $grow }) => ($grow ? '1 1 16rem' : '0 1 14rem')};
  min-width: 0;
`;

export const FilterLabel = Label;
export const SearchInput = Input;
export const SelectInput = Select;
