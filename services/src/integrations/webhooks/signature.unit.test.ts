import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, webhookHeaders, webhookSignature } from './signature';

describe('webhook signatures (Standard Webhooks)', () => {
  it('match the specification’s test vector', () => {
    // The example of the Standard Webhooks specification and its reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signature = webhookSignature(
      secret,
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verify with the reference library, and fail on a changed body', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({
      type: 'appointment.booked',
      id: 'evt_1',
      timestamp: '2026-11-24T09:00:00Z',
      data: {},
    });
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(secret, 'msg_1', now, body);
    const verifier = new Webhook(secret);
    expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => verifier.verify(body.replace('evt_1', 'evt_2'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
