import { Toast } from '../ui/toast';
import { useAppSelector } from '../lib/hooks';
import { useMessage } from '../lib/messages';
import { selectToast } from '../lib/toast.slice';

/**
 * Lives outside the router so a toast outlasts the navigation it announces. A toast's text is a message of
 * contracts' MESSAGES or the server's; it is shown in the viewer's language.
 */
export function ToastHost() {
  const toast = useAppSelector(selectToast);
  const message = useMessage();
  return <Toast message={toast?.message ? message(toast.message) : null} />;
}
