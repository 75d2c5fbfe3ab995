import { useEffect, useState } from 'react';

/** The longest delay setTimeout keeps (about 24.8 days); a later deadline is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Whether the instant `deadline` (ISO 8601) is still ahead. The clock is read when the component
 * mounts and again when the deadline passes (a timer), never while rendering, so rendering stays
 * pure and what is shown turns over at the deadline itself.
 */
export const useStillAhead = (deadline: string | null | undefined): boolean => {
  const at = deadline ? Date.parse(deadline) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!(at > now)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, at - Date.now()), MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at > now;
};
