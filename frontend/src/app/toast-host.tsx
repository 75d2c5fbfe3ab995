import { Toast } from '../ui/toast';
import { useAppSelector } from '../lib/hooks';
import { selectToast } from '../lib/toast.slice';

/** Lives outside the router so a toast outlasts the navigation it announces. */
export function ToastHost() {
  const toast = useAppSelector(selectToast);
  return <Toast message={toast?.message ?? null} />;
}
