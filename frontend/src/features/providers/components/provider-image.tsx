import type { Provider } from '@appointment/contracts/catalogue';
import { Picture, Placeholder } from './provider-image.styles';

function BuildingIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="4" y="3" width="16" height="18" rx="1" />
      <path d="M9 21v-4h6v4M8 7h2M14 7h2M8 11h2M14 11h2" />
    </svg>
  );
}

interface ProviderImageProps {
  provider: Pick<Provider, 'name' | 'imageUrl'>;
  size: 'card' | 'detail';
}

/** The provider's picture, or a placeholder when it has none (SPEC §2.8). */
export function ProviderImage({ provider, size }: ProviderImageProps) {
  return provider.imageUrl ? (
    <Picture src={provider.imageUrl} alt={`${provider.name} image`} $size={size} />
  ) : (
    <Placeholder role="img" aria-label={`No image for ${provider.name}`} $size={size}>
      <BuildingIcon />
    </Placeholder>
  );
}
