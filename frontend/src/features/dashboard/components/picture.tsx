import { Picture, PicturePlaceholder } from './dashboard.styles';

function ImageIcon() {
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
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 17-5-5-9 8" />
    </svg>
  );
}

/** SPEC §2.4: the picture, or a placeholder image when there is none. */
export function DashboardPicture({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <Picture src={src} alt={name} />
  ) : (
    <PicturePlaceholder role="img" aria-label={`No image for ${name}`}>
      <ImageIcon />
    </PicturePlaceholder>
  );
}
