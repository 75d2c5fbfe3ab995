import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` when a pointer goes down outside every one of `refs` while `active`. */
export const useOutsideClick = (
  refs: readonly RefObject<HTMLElement | null>[],
  onOutside: () => void,
  active: boolean,
): void => {
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (refs.some((ref) => ref.current && target && ref.current.contains(target))) return;
      onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [refs, onOutside, active]);
};
