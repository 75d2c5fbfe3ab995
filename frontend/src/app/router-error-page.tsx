import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Detail, Heading, Page } from './router-error-page.styles';

const describe = (error: unknown): string[] => {
  if (isRouteErrorResponse(error)) {
    const status = `${error.status} ${error.statusText}`.trim();
    return typeof error.data === 'string' && error.data ? [status, error.data] : [status];
  }
  if (error instanceof Error) return [error.message];
  return [String(error)];
};

/** docs/product.md §2.2 router fallback. */
export function RouterErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <Page role="alert">
      <Heading>{t('errorPage.title')}</Heading>
      {describe(error).map((line) => (
        <Detail key={line}>{line}</Detail>
      ))}
    </Page>
  );
}
