import { MESSAGES } from '@appointment/contracts/messages';
import { useCatalogue } from '../../../lib/catalogue';
import { SecondaryButton } from '../../../ui/button.styles';
import { ErrorNotice } from '../../../ui/page.styles';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import { MessageText } from '../../../ui/message-text';

/** docs/product.md §2.8: what a failing integration screen shows, with Refresh Page. */
export function IntegrationError() {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  return (
    <ErrorNotice role="alert" as="div">
      <p>
        <MessageText>{MESSAGES.integrationLoadFailed}</MessageText>
      </p>
      <SecondaryButton type="button" onClick={() => window.location.reload()}>
        {T.refreshPage}
      </SecondaryButton>
    </ErrorNotice>
  );
}
