import { useId } from 'react';
import type { Provider } from '@appointment/contracts/catalogue';
import { useCatalogue } from '../../../lib/catalogue';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { ProviderImage } from './provider-image';
import { StatusBadge } from './status-badge';
import { Body, Card, Details, Header, Industry, ManageLink, Name } from './provider-card.styles';

/** docs/product.md §2.8 provider card: image, name, industry, status badge, address and phone. */
export function ProviderCard({ provider }: { provider: Provider }) {
  const nameId = useId();
  const { texts } = useCatalogue('providers', PROVIDERS_TEXTS);
  const T = texts.card;
  return (
    <Card aria-labelledby={nameId}>
      <ProviderImage provider={provider} size="card" />
      <Body>
        <Header>
          <div>
            <Name id={nameId}>{provider.name}</Name>
            <Industry>
              {texts.industries[provider.industry as keyof typeof texts.industries] ?? provider.industry}
            </Industry>
          </div>
          <StatusBadge status={provider.status} />
        </Header>
        <Details>
          <dt>{T.address}</dt>
          <dd>{provider.address}</dd>
          <dt>{T.phone}</dt>
          <dd>{provider.phone}</dd>
        </Details>
        {/* The seed only logged here; this product opens the provider's detail. */}
        <ManageLink to={`/providers/${encodeURIComponent(provider.id)}`}>{T.manage}</ManageLink>
      </Body>
    </Card>
  );
}
