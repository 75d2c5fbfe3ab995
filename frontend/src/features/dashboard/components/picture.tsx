import { ImageIcon } from '../../../ui/icons';
import { Picture, PicturePlaceholder } from './dashboard.styles';

/** docs/product.md §2.4: the picture, or a placeholder image when there is none. */
export function DashboardPicture({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <Picture src={src} alt={name} />
  ) : (
    <PicturePlaceholder role="img" aria-label={`No image for ${name}`}>
      <ImageIcon />
    </PicturePlaceholder>
  );
}
