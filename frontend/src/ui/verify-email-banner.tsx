import { useState } from 'react';
import { API_PATHS } from '@appointment/contracts/accounts';
import { api, ApiError } from '../lib/api-client';
import { useCatalogue } from '../lib/catalogue';
import { useAppSelector } from '../lib/hooks';
import { useMessage } from '../lib/messages';
import { selectSessionUser } from '../lib/session.slice';
import { SmallButton } from './button.styles';
import { Banner, BannerText } from './verify-email-banner.styles';
import { VERIFY_EMAIL_TEXTS } from './verify-email-banner.texts';

/**
 * Until the signed-in person confirms their address they may look around but not book or pay; this
 * says so above every screen and sends the link again on request.
 */
export function VerifyEmailBanner() {
  const user = useAppSelector(selectSessionUser);
  const { texts: T, t } = useCatalogue('verifyEmail', VERIFY_EMAIL_TEXTS);
  const message = useMessage();
  const [state, setState] = useState<{ sending: boolean; answer?: string; failed?: boolean }>({
    sending: false,
  });
  if (!user || user.emailVerified !== false) return null;

  const resend = async () => {
    setState({ sending: true });
    try {
      const answer = await api.post<{ message: string }>(API_PATHS.resendVerification);
      setState({ sending: false, answer: answer.message });
    } catch (error) {
      const text = error instanceof ApiError ? error.body.message : String(error);
      setState({ sending: false, answer: text, failed: true });
    }
  };

  return (
    <Banner aria-label={T.resend}>
      <BannerText>{t('notice', { email: user.email })}</BannerText>
      <SmallButton type="button" onClick={() => void resend()} disabled={state.sending}>
        {state.sending ? T.sending : T.resend}
      </SmallButton>
      {state.answer && (
        <BannerText role={state.failed ? 'alert' : 'status'}>{message(state.answer)}</BannerText>
      )}
    </Banner>
  );
}
