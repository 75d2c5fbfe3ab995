import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { redactorOf } from './redact';

/** A forgotten person's values leave text, JSON and JSON inside JSON alike. */
describe('redactorOf', () => {
  const redactor = redactorOf(
    ['Ann Lee', 'ann.lee@example.org', 'Knee hurts "a lot"\nsince May', '5550100'],
    'user-1',
  );

  it('replaces each value case-insensitively where it stands alone', () => {
    expect(redactor.redact('Hello ANN LEE, we wrote to Ann.Lee@Example.org')).toBe(
      `Hello ${FORGOTTEN_USER}, we wrote to ${FORGOTTEN_USER}`,
    );
    // Never inside another word, token or id.
    expect(redactor.redact('Dann Leeds; token x5550100y')).toBe('Dann Leeds; token x5550100y');
  });

  it('walks JSON, and JSON held in a JSON string, whatever the escaping', () => {
    const payload = JSON.stringify({ data: { note: 'Knee hurts "a lot"\nsince May', phone: '5550100' } });
    const job = JSON.stringify({ deliveries: [{ payload, attempt: 1 }] });
    const redacted = JSON.parse(redactor.redact(job)) as { deliveries: { payload: string }[] };
    expect(JSON.parse(redacted.deliveries[0]!.payload)).toEqual({
      data: { note: FORGOTTEN_USER, phone: FORGOTTEN_USER },
    });
    // The prefilter finds the note in a job's data, escaped twice.
    expect(redactor.needles).toContain(
      JSON.stringify(JSON.stringify('Knee hurts "a lot"\nsince May').slice(1, -1)).slice(1, -1).toLowerCase(),
    );
  });

  it("empties the person's own fields in an object naming them by id, whatever they held then", () => {
    const text = JSON.stringify({
      customer: { userId: 'user-1', name: 'A name never seen', email: 'old@example.org' },
      note: 'x',
      other: { userId: 'user-2', name: 'Someone Else' },
    });
    expect(JSON.parse(redactor.redact(text))).toEqual({
      customer: { userId: 'user-1', name: FORGOTTEN_USER, email: FORGOTTEN_USER },
      note: 'x',
      other: { userId: 'user-2', name: 'Someone Else' },
    });
  });

  it('leaves a text without them as it was, byte for byte', () => {
    const text = '{ "a" : 1,\n "b": "Bob" }';
    expect(redactor.redact(text)).toBe(text);
    expect(redactorOf([]).redact('Ann Lee')).toBe('Ann Lee');
    // Too short to scrub safely as text.
    expect(redactorOf(['Al']).redact('Al and Alice')).toBe('Al and Alice');
  });
});
