import type { Provider } from '@appointment/contracts/catalogue';
import { BuildingIcon } from '../../../ui/icons';
import { Picture, Placeholder } from './provider-image.styles';

interface ProviderImageProps {
  provider: Pick<Provider, 'name' | 'imageUrl'>;
  size: 'card' | 'detail';
}

/** The provider's picture, or a placeholder when it has none (docs/product.md §2.8). */
export function ProviderImage({ provider, size }: ProviderImageProps) {
  return provider.imageUrl ? (
    <Picture src={provider.imageUrl} alt={`${provider.name} image`} $size={size} />
  ) : (
    <Placeholder role="img" aria-label={`No image for ${provider.name}`} $size={size}>
      <BuildingIcon />
    </Placeholder>
  );
}
