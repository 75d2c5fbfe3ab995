import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The preview of a chosen image, as an object URL made where the file is chosen (the event
 * handler calls `preview(file)`, or `preview(null)` when it is removed) rather than in an effect:
 * each URL is revoked when another replaces it and the last when the component goes. `urlOf(file)`
 * is the URL to show for `file`: null unless it is the file last previewed.
 */
export const useFilePreview = (): {
  preview: (file: Blob | null) => void;
  urlOf: (file: Blob | null | undefined) => string | null;
} => {
  const [shown, setShown] = useState<{ file: Blob; url: string } | null>(null);
  const made = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (made.current) URL.revokeObjectURL(made.current);
      made.current = null;
    },
    [],
  );
  const preview = useCallback((file: Blob | null) => {
    if (made.current) URL.revokeObjectURL(made.current);
    const next = file ? { file, url: URL.createObjectURL(file) } : null;
    made.current = next?.url ?? null;
    setShown(next);
  }, []);
  const urlOf = (file: Blob | null | undefined) => (file && shown?.file === file ? shown.url : null);
  return { preview, urlOf };
};
