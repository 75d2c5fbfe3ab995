import { useEffect, useRef } from 'react';
import type { Provider } from '@appointment/contracts/catalogue';
import { useCatalogue } from '../../../lib/catalogue';
import { BOOKING_TEXTS } from '../booking.texts';
import { useIndustryName } from '../../../ui/industry-name';
import {
  Card,
  CardBody,
  CardTitle,
  Detail,
  FavouriteButton,
  ImagePlaceholder,
  Media,
  OpenButton,
  Rating,
} from './provider-list.styles';

interface ProviderCardProps {
  provider: Provider;
  favourite: boolean;
  favouriteBusy: boolean;
  /** Set when the booking screen of this provider was just closed, so focus returns here. */
  focusOnMount?: boolean;
  onOpen: (provider: Provider) => void;
  onFavourite: (provider: Provider, favourite: boolean) => void;
}

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.3 3.2 4.5 7 4.5c2.1 0 3.6 1.1 5 2.9 1.4-1.8 2.9-2.9 5-2.9 3.8 0 5.9 3.8 4.5 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** docs/product.md §2.6 provider card: image, name, industry, address, phone and rating. */
export function ProviderCard({
  provider,
  favourite,
  favouriteBusy,
  focusOnMount = false,
  onOpen,
  onFavourite,
}: ProviderCardProps) {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const industryName = useIndustryName();
  const titleId = `provider-${provider.id}-name`;
  const isNew = provider.reviewCount === 0;
  // Focus is moved back here on purpose (the screen the user came from closed), never on a page's
  // first load, which autoFocus would allow.
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) openRef.current?.focus();
  }, [focusOnMount]);
  return (
    <Card aria-labelledby={titleId}>
      <Media>
        {provider.imageUrl ? (
          <img src={provider.imageUrl} alt="" loading="lazy" />
        ) : (
          <ImagePlaceholder aria-hidden="true">{initialsOf(provider.name)}</ImagePlaceholder>
        )}
      </Media>
      <CardBody>
        <CardTitle id={titleId}>
          <OpenButton ref={openRef} type="button" onClick={() => onOpen(provider)}>
            {provider.name}
          </OpenButton>
        </CardTitle>
        <Detail>{industryName(provider.industry)}</Detail>
        <Detail>{provider.address}</Detail>
        <Detail>{provider.phone}</Detail>
        {isNew ? (
          <Rating $new>{T.newProvider}</Rating>
        ) : (
          <Rating
            $new={false}
            role="img"
            aria-label={`Rated ${provider.rating.toFixed(1)} out of 5 from ${provider.reviewCount} ${
              provider.reviewCount === 1 ? 'review' : 'reviews'
            }`}
          >
            <span aria-hidden="true">
              ★ {provider.rating.toFixed(1)} ({provider.reviewCount})
            </span>
          </Rating>
        )}
      </CardBody>
      <FavouriteButton
        type="button"
        aria-label={`Favourite ${provider.name}`}
        aria-pressed={favourite}
        disabled={favouriteBusy}
        onClick={() => onFavourite(provider, !favourite)}
      >
        <HeartIcon filled={favourite} />
      </FavouriteButton>
    </Card>
  );
}
