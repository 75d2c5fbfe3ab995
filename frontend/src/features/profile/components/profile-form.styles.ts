import styled from 'styled-components';
import { raisedSurface } from '../../../ui/surface.styles';

export {
  FieldError,
  FormButton as SubmitButton,
  InsetInput as Input,
  InsetSelect as Select,
  Label,
  ShrinkingField as Field,
} from '../../../ui/form.styles';
export { Switch, SwitchRow } from '../../../ui/toggle.styles';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.lg};
  ${raisedSurface}
`;

export const Fieldset = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.large};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primary};
`;

export const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
