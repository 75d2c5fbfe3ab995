import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { MESSAGES } from '@appointment/contracts/messages';
import { i18next } from '../lib/i18n';
import { themes } from './theme';
import { ErrorNotice, FieldError, MessageText } from './message-text';

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const inTheme = (children: React.ReactNode) =>
  render(<ThemeProvider theme={themes.light}>{children}</ThemeProvider>);

describe('messages in the viewer’s language (issue 15)', () => {
  it('shows a field’s error from the API or a schema in Spanish once Spanish is chosen', async () => {
    await act(() => i18next.changeLanguage('es'));
    inTheme(<FieldError role="alert">{MESSAGES.invalidEmail}</FieldError>);
    expect(screen.getByRole('alert').textContent).toBe('Dirección de correo electrónico no válida');
  });

  it('follows a change of language at once', async () => {
    inTheme(<ErrorNotice role="alert">{MESSAGES.appointmentsLoadFailed}</ErrorNotice>);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.appointmentsLoadFailed);
    await act(() => i18next.changeLanguage('fr'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Impossible de charger les rendez-vous. Veuillez réessayer.',
    );
  });

  it('translates the text parts of a notice and keeps the rest as it is', async () => {
    await act(() => i18next.changeLanguage('fr'));
    inTheme(
      <ErrorNotice role="alert">
        {MESSAGES.servicesLoadFailed}
        <button type="button">Retry</button>
      </ErrorNotice>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Impossible de charger les services. Veuillez réessayer.Retry',
    );
  });

  it('leaves data alone', async () => {
    await act(() => i18next.changeLanguage('es'));
    inTheme(
      <p>
        <MessageText>Sunrise Clinic</MessageText>
      </p>,
    );
    expect(screen.getByText('Sunrise Clinic')).toBeTruthy();
  });
});
