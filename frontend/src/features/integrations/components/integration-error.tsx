import { MESSAGES } from '@appointment/contracts/messages';
import { SecondaryButton } from '../../../ui/button.styles';
import { ErrorNotice } from '../../../ui/page.styles';

/** docs/product.md §2.8: what a failing integration screen shows, with Refresh Page. */
export function IntegrationError() {
  return (
    <ErrorNotice role="alert" as="div">
      <p>{MESSAGES.integrationLoadFailed}</p>
      <SecondaryButton type="button" onClick={() => window.location.reload()}>
        Refresh Page
      </SecondaryButton>
    </ErrorNotice>
  );
}
