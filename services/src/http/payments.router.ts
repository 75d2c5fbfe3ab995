import { Router } from 'express';
import { PAYMENTS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import {
  PAYMENT_PATHS,
  PayAgainRequest,
  PaymentResult,
  SANDBOX_MESSAGE,
  SandboxPayRequest,
} from '@appointment/contracts/payments';
import type { AppointmentsService } from '../appointments/appointments.service';
import { NotFoundError } from '../domain/errors';
import type { PaymentGateway } from '../payments/payment-gateway';
import { SandboxGateway } from '../payments/sandbox-gateway';
import { authOf, requireCapability } from './authenticate';
import { route } from './routes';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The sandbox checkout's script: Pay asks the server to sign a payment; both buttons tell the opener. */
const SANDBOX_SCRIPT = `
(function () {
  var params = new URLSearchParams(location.search);
  var order = params.get('order');
  var target = window.opener || window.parent;
  function tell(message) { target.postMessage(Object.assign({ type: ${JSON.stringify(SANDBOX_MESSAGE)}, orderId: order }, message), location.origin); }
  document.getElementById('pay').addEventListener('click', function () {
    var button = this;
    button.disabled = true;
    button.textContent = 'Processing...';
    fetch(${JSON.stringify(PAYMENT_PATHS.sandboxPay)}, {
      method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: order })
    }).then(function (r) { if (!r.ok) throw new Error('refused'); return r.json(); })
      .then(function (result) { tell({ status: 'paid', result: result }); })
      .catch(function () { button.disabled = false; button.textContent = 'Pay'; tell({ status: 'failed' }); });
  });
  document.getElementById('decline').addEventListener('click', function () { tell({ status: 'declined' }); });
})();
`;

/**
 * docs/product.md §7.3 and §7.7 payment calls: the card-payment booking path (the same as
 * bookappointment), the call after a successful checkout, and the sandbox gateway's own
 * checkout page for the offline default.
 */
export const paymentsRouter = (appointments: AppointmentsService, payments: PaymentGateway): Router => {
  const router = Router();

  router.post(
    route(PAYMENT_PATHS.paymentSuccess),
    requireCapability('appointments.book'),
    async (req, res) => {
      const appointment = await appointments.paymentSucceeded(authOf(res), PaymentResult.parse(req.body));
      res.status(202).json({ message: MESSAGES.paymentReceived, appointment });
    },
  );

  router.post(route(PAYMENT_PATHS.payAgain), requireCapability('appointments.book'), async (req, res) => {
    const { appointmentId } = PayAgainRequest.parse(req.body);
    res.json(await appointments.payAgain(authOf(res), appointmentId));
  });

  if (payments instanceof SandboxGateway) {
    router.get(route(PAYMENT_PATHS.sandboxCheckout), (req, res) => {
      const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
      // The same text as every other screen shows the price with: "€50.00", not "EUR 50.00".
      const currency = q('currency') || PAYMENTS.defaultCurrency;
      const amount = formatMoney(fromMinorUnits(Number(q('amount')) || 0, currency), currency);
      res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;background:#f6f7fb;color:#1d2433}
main{max-width:22rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 10px #0002}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #2f5ee0;margin-right:.5rem;cursor:pointer}
#pay{background:#2f5ee0;color:#fff}#decline{background:#fff;color:#2f5ee0}</style></head>
<body><main aria-labelledby="title"><h1 id="title">Sandbox checkout</h1>
<p>${escapeHtml(q('service'))}</p><p><strong>${escapeHtml(amount)}</strong></p>
<p>Order ${escapeHtml(q('order'))}. No money moves: this gateway only signs a test payment.</p>
<button id="pay" type="button">Pay</button><button id="decline" type="button">Decline</button></main>
<script src="${PAYMENT_PATHS.sandboxScript}"></script></body></html>`);
    });
    router.get(route(PAYMENT_PATHS.sandboxScript), (_req, res) => {
      res.type('application/javascript').send(SANDBOX_SCRIPT);
    });
    router.post(route(PAYMENT_PATHS.sandboxPay), requireCapability('appointments.book'), async (req, res) => {
      const { orderId } = SandboxPayRequest.parse(req.body);
      // Only the person who booked can pay for the order.
      const mine = await appointments.orderBelongsTo(authOf(res), orderId);
      if (!mine) throw new NotFoundError(MESSAGES.appointmentNotFound);
      res.json(payments.pay(orderId));
    });
  }

  return router;
};
