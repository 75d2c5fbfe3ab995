/** The settings screens use the shared form controls, drawn inset on their cards. */
export {
  FieldError,
  FormButton as PrimaryButton,
  FormSecondaryButton as SecondaryButton,
  InsetInput as Input,
  InsetSelect as Select,
  Label,
  ShrinkingField as Field,
} from '../../../ui/form.styles';
export { Switch, SwitchRow } from '../../../ui/toggle.styles';
