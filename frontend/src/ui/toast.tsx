import { Bubble, Region } from './toast.styles';

interface ToastProps {
  message: string | null;
}

/** A short message at the top of the page; the live region stays mounted so readers announce it. */
export function Toast({ message }: ToastProps) {
  return (
    <Region role="status" aria-live="polite">
      {message && <Bubble>{message}</Bubble>}
    </Region>
  );
}
