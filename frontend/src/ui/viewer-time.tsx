import styled from 'styled-components';
import { useCatalogue } from '../lib/catalogue';
import { inViewerZone, viewerTimeZone } from '../lib/locale-format';
import { VIEWER_TIME_TEXTS } from './viewer-time.texts';

const Line = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

interface ViewerTimeProps {
  /** The start and end instants (ISO 8601). */
  start: string;
  end: string;
  /** The provider's zone, in which the screen writes the times. */
  timeZone: string;
}

/**
 * Where the viewer's zone reads another clock than the provider's, the same times on the viewer's clock,
 * under the provider's. Nothing where both read the same.
 */
export function ViewerTime({ start, end, timeZone }: ViewerTimeProps) {
  const { t } = useCatalogue('viewerTime', VIEWER_TIME_TEXTS);
  const zone = viewerTimeZone();
  const mine = inViewerZone(start, end, timeZone, zone);
  if (!mine) return null;
  return <Line data-testid="viewer-time">{t('yourTime', { timeZone: zone, ...mine })}</Line>;
}
