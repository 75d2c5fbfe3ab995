import { Children, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';
import { useMessage } from '../lib/messages';

/**
 * The places a message is shown (a field's error, a form's failure, a page's failure notice): each shows
 * a message of contracts' MESSAGES in the viewer's language, whoever produced it (the API, a schema, a
 * saga).
 */
function useTranslatedChildren(children: ReactNode): ReactNode {
  const message = useMessage();
  return Children.map(children, (child) => (typeof child === 'string' ? message(child) : child));
}

const FieldErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.danger};
`;

const FormErrorText = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.small};
`;

/** A failure above the content, framed in the danger colour. */
const ErrorNoticeText = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  color: ${({ theme }) => theme.colors.danger};
`;

export function FieldError({ children, ...props }: ComponentProps<typeof FieldErrorText>) {
  return <FieldErrorText {...props}>{useTranslatedChildren(children)}</FieldErrorText>;
}

export function FormError({ children, ...props }: ComponentProps<typeof FormErrorText>) {
  return <FormErrorText {...props}>{useTranslatedChildren(children)}</FormErrorText>;
}

export function ErrorNotice({ children, ...props }: ComponentProps<typeof ErrorNoticeText>) {
  return <ErrorNoticeText {...props}>{useTranslatedChildren(children)}</ErrorNoticeText>;
}

/** A message on its own, inside any other element (an empty state, a table's message row). */
export function MessageText({ children }: { children: string }) {
  return <>{useMessage()(children)}</>;
}
