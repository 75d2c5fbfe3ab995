import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RazorpayGateway } from './razorpay-gateway';

/**
 * The card-provider adapter against a stand-in of the provider's Orders API on loopback (the
 * real one needs keys and the internet): the request it sends, and the signature check of the
 * checkout's result (HMAC-SHA256 of "order_id|payment_id" with the key secret).
 */
describe('Razorpay gateway', () => {
  let server: http.Server;
  let apiUrl: string;
  const received: { auth?: string; body?: unknown; url?: string; key?: string }[] = [];
  /** The stand-in's refunds by idempotency key, as the provider keeps them. */
  const refunds = new Map<string, { id: string; body: string }>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const key = req.headers['x-refund-idempotency'] as string | undefined;
        received.push({ auth: req.headers.authorization, body: JSON.parse(text), url: req.url, key });
        const refundOf = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(req.url ?? '');
        if (refundOf) {
          // The same key and body answer the first refund; the same key with another body is refused.
          const made = key ? refunds.get(key) : undefined;
          if (made && made.body !== text) return void res.writeHead(400).end();
          const refund = made ?? { id: `rfnd_${refunds.size + 1}`, body: text };
          if (key) refunds.set(key, refund);
          const { amount } = JSON.parse(text) as { amount: number };
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: refund.id,
              entity: 'refund',
              amount,
              payment_id: refundOf[1],
              status: 'processed',
            }),
          );
          return;
        }
        if (req.url !== '/v1/orders') {
          res.writeHead(404).end();
          return;
        }
        const { amount, currency } = JSON.parse(text) as { amount: number; currency: string };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ id: 'order_Test123', entity: 'order', amount, currency, status: 'created' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const gateway = () => new RazorpayGateway({ keyId: 'rzp_test_key', keySecret: 'secret_abc', apiUrl });

  it('creates an order in the smallest currency unit with basic auth and the service notes', async () => {
    const order = await gateway().createOrder({
      appointmentId: 'a1',
      amount: 49.99,
      currency: 'INR',
      serviceName: 'Consultation',
      serviceDescription: 'No description',
    });
    expect(order).toEqual({
      id: 'order_Test123',
      amount: 4999,
      currency: 'INR',
      notes: { service_name: 'Consultation', service_description: 'No description' },
    });
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from('rzp_test_key:secret_abc').toString('base64')}`);
    expect(received[0]!.body).toMatchObject({ amount: 4999, currency: 'INR', receipt: 'a1' });
    expect(gateway().checkout()).toEqual({
      gateway: 'razorpay',
      keyId: 'rzp_test_key',
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
  });

  it('accepts only a result signed with the key secret for that order and payment', () => {
    const signature = createHmac('sha256', 'secret_abc').update('order_Test123|pay_ABC').digest('hex');
    expect(gateway().verify({ orderId: 'order_Test123', paymentId: 'pay_ABC', signature })).toBe(true);
    expect(gateway().verify({ orderId: 'order_Test123', paymentId: 'pay_XYZ', signature })).toBe(false);
    expect(gateway().verify({ orderId: 'order_Other', paymentId: 'pay_ABC', signature })).toBe(false);
    expect(gateway().verify({ orderId: 'order_Test123', paymentId: 'pay_ABC', signature: 'short' })).toBe(
      false,
    );
  });

  it('fails clearly when the provider refuses the order', async () => {
    const refused = new RazorpayGateway({ keyId: 'k', keySecret: 's', apiUrl: `${apiUrl}/nowhere` });
    await expect(
      refused.createOrder({
        appointmentId: 'a',
        amount: 1,
        currency: 'INR',
        serviceName: 's',
        serviceDescription: 'd',
      }),
    ).rejects.toThrow('the payment provider refused the order (404)');
  });

  it('refunds through the Refunds API once per idempotency key, in the smallest unit', async () => {
    const request = { paymentId: 'pay_ABC', amount: 4000, currency: 'INR', key: 'refund-a1-1' };
    const first = await gateway().refund(request);
    // Sent again (a retry after a kill): the provider answers the first refund.
    const again = await gateway().refund(request);
    expect(again).toEqual(first);
    expect(refunds.size).toBe(1);
    const sent = received.filter((r) => r.url === '/v1/payments/pay_ABC/refund');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      key: 'refund-a1-1',
      auth: `Basic ${Buffer.from('rzp_test_key:secret_abc').toString('base64')}`,
      body: { amount: 4000, speed: 'normal', receipt: 'refund-a1-1' },
    });
    // The same key for another amount is the provider's BAD_REQUEST: the job fails, nothing doubles.
    await expect(gateway().refund({ ...request, amount: 5000 })).rejects.toThrow(
      'the payment provider refused the refund (400)',
    );
  });
});
