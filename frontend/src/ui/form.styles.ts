import styled, { css } from 'styled-components';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const field = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
`;

export const Field = styled.div`
  ${field}
`;

/** A field that may shrink below its content inside a grid or a wrapping row. */
export const ShrinkingField = styled.div`
  ${field}
  min-width: 0;
`;

export const Label = styled.label`
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const control = css`
  font: inherit;
  width: 100%;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.text};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const onSurface = css`
  ${control}
  background: ${({ theme }) => theme.colors.surface};
`;

/** Controls set inside a card, drawn on the page background so they stand out from it. */
const inset = css`
  ${control}
  background: ${({ theme }) => theme.colors.background};
`;

export const Input = styled.input`
  ${onSurface}
`;

export const Select = styled.select`
  ${onSurface}
`;

export const InsetInput = styled.input`
  ${inset}
`;

export const InsetSelect = styled.select`
  ${inset}
`;

// A field's error and a form's failure show messages in the viewer's language.
export { FieldError, FormError } from './message-text';

const formButton = css`
  font: inherit;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  border-radius: ${({ theme }) => theme.layout.radius};
  cursor: pointer;
`;

/** The main action of a form; it shows a busy cursor while disabled during a save. */
export const FormButton = styled.button`
  ${formButton}
  border: 0;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

export const FormSecondaryButton = styled.button`
  ${formButton}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
`;

/** A framed group of controls with its legend. */
export const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};

  legend {
    padding: 0 ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.font.small};
    font-weight: 600;
  }
`;
