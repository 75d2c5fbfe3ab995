import type { Provider } from '@appointment/contracts/catalogue';
import { useCatalogue } from '../../../lib/catalogue';
import { BuildingIcon } from '../../../ui/icons';
import { PROVIDERS_TEXTS } from '../providers.texts';

import { Picture, Placeholder } from './provider-image.styles';

interface ProviderImageProps {
  provider: Pick<Provider, 'name' | 'imageUrl'>;
  size: 'card' | 'detail';
}

/** The provider's picture, or a placeholder when it has none (docs/product.md §2.8). */
export function ProviderImage({ provider, size }: ProviderImageProps) {
  const { t } = useCatalogue('providers', PROVIDERS_TEXTS);
  return provider.imageUrl ? (
    <Picture src={provider.imageUrl} alt={t('card.image', { name: provider.name })} $size={size} />
  ) : (
    <Placeholder role="img" aria-label={t('card.noImage', { name: provider.name })} $size={size}>
      <BuildingIcon />
    </Placeholder>
  );
}
