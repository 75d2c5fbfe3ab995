import { useId } from 'react';
import type { Provider } from '@appointment/contracts/catalogue';
import { ProviderImage } from './provider-image';
import { StatusBadge } from './status-badge';
import { Body, Card, Details, Header, Industry, ManageLink, Name } from './provider-card.styles';

/** docs/product.md §2.8 provider card: image, name, industry, status badge, address and phone. */
export function ProviderCard({ provider }: { provider: Provider }) {
  const nameId = useId();
  return (
    <Card aria-labelledby={nameId}>
      <ProviderImage provider={provider} size="card" />
      <Body>
        <Header>
          <div>
            <Name id={nameId}>{provider.name}</Name>
            <Industry>{provider.industry}</Industry>
          </div>
          <StatusBadge status={provider.status} />
        </Header>
        <Details>
          <dt>Address</dt>
          <dd>{provider.address}</dd>
          <dt>Phone</dt>
          <dd>{provider.phone}</dd>
        </Details>
        {/* The seed only logged here; this product opens the provider's detail. */}
        <ManageLink to={`/providers/${encodeURIComponent(provider.id)}`}>Manage Provider</ManageLink>
      </Body>
    </Card>
  );
}
