import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { FormButton, FormError, FormSecondaryButton } from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal.styles';
import { usePaymentsSelector } from '../payments.hooks';
import { checkoutDismissed, paymentRetried, selectCheckout, type CheckoutState } from '../payments.slice';
import { formatAmount, PAYMENT_TEXTS } from '../payments.texts';
import { Busy, CheckoutBody, CheckoutFrame, Summary } from './payment-checkout-host.styles';

function CheckoutContent({ checkout, summaryId }: { checkout: CheckoutState; summaryId: string }) {
  const { texts: T, t } = useCatalogue('payments', PAYMENT_TEXTS);
  const dispatch = useAppDispatch();
  const { order, confirming, unconfirmed, error } = checkout;
  return (
    <CheckoutBody>
      <Summary id={summaryId}>
        {t('summary', { service: checkout.serviceName, amount: formatAmount(order.amount, order.currency) })}
      </Summary>
      {checkout.checkout.gateway === 'sandbox' && !unconfirmed && (
        <CheckoutFrame title={T.frameTitle} src={checkout.checkout.url} />
      )}
      {confirming && (
        <Busy role="status" aria-live="polite">
          {T.confirming}
        </Busy>
      )}
      {error && <FormError role="alert">{error}</FormError>}
      <ModalActions>
        {unconfirmed && (
          <FormButton
            type="button"
            disabled={confirming}
            aria-busy={confirming}
            onClick={() => dispatch(paymentRetried())}
          >
            {T.retry}
          </FormButton>
        )}
        <FormSecondaryButton
          type="button"
          disabled={confirming}
          onClick={() => dispatch(checkoutDismissed())}
        >
          {T.close}
        </FormSecondaryButton>
      </ModalActions>
    </CheckoutBody>
  );
}

/**
 * docs/product.md §2.6 last bullet, §4 steps 7–8: the payment checkout opened after a paid booking. It lives
 * in the shell, so it stays open across the move to /appointments. The sandbox page shows in a
 * frame; the card provider's checkout draws its own window, and this dialog appears for it only
 * when a paid result still has to reach the server.
 */
export function PaymentCheckoutHost() {
  const { texts: T } = useCatalogue('payments', PAYMENT_TEXTS);
  const dispatch = useAppDispatch();
  const checkout = usePaymentsSelector(selectCheckout);
  const summaryId = useId();
  const open =
    checkout !== null && (checkout.checkout.gateway === 'sandbox' || checkout.unconfirmed !== null);

  return (
    <Modal
      open={open}
      title={T.title}
      width="34rem"
      describedBy={summaryId}
      onClose={() => dispatch(checkoutDismissed())}
    >
      {checkout && <CheckoutContent key={checkout.order.id} checkout={checkout} summaryId={summaryId} />}
    </Modal>
  );
}
