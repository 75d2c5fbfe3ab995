import type { Request } from 'express';
import { PAYMENTS } from '@appointment/contracts/constants';
import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import { PAYMENT_PATHS, SANDBOX_MESSAGE } from '@appointment/contracts/payments';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The sandbox checkout's script: Pay asks the server to sign a payment; both buttons tell the opener. */
export const SANDBOX_SCRIPT = `
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

/** The sandbox gateway's checkout page for an order, its price in the provider's money format. */
export const sandboxCheckoutPage = (query: Request['query']): string => {
  const q = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  // The same text as every other screen shows the price with: "€50.00", not "EUR 50.00".
  const currency = q('currency') || PAYMENTS.defaultCurrency;
  const amount = formatMoney(fromMinorUnits(Number(q('amount')) || 0, currency), currency);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;background:#f6f7fb;color:#1d2433}
main{max-width:22rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 10px #0002}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #2f5ee0;margin-right:.5rem;cursor:pointer}
#pay{background:#2f5ee0;color:#fff}#decline{background:#fff;color:#2f5ee0}</style></head>
<body><main aria-labelledby="title"><h1 id="title">Sandbox checkout</h1>
<p>${escapeHtml(q('service'))}</p><p><strong>${escapeHtml(amount)}</strong></p>
<p>Order ${escapeHtml(q('order'))}. No money moves: this gateway only signs a test payment.</p>
<button id="pay" type="button">Pay</button><button id="decline" type="button">Decline</button></main>
<script src="${PAYMENT_PATHS.sandboxScript}"></script></body></html>`;
};
