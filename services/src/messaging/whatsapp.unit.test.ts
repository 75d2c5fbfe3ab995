import { DEFAULT_WHATSAPP, type WhatsAppSettings } from '@appointment/contracts/integration-settings';
import type { BookingFacts } from './booking-facts';
import { whatsAppBody } from './whatsapp';

const facts: BookingFacts = {
  appointmentId: 'a-1',
  providerId: 'p-1',
  userId: 'u-1',
  username: 'Lucía',
  serviceName: 'Consulta',
  providerName: 'Sunrise Clinic',
  startDateTime: '2026-11-25T15:00:00.000Z',
  timezone: 'America/Chicago',
  status: 'scheduled',
};

const on = (templates: WhatsAppSettings['templates']): WhatsAppSettings => ({
  ...DEFAULT_WHATSAPP,
  enabled: true,
  phoneNumberId: '123',
  templates,
});

const spanishConfirmation = {
  name: 'appointment_confirmation',
  language: 'es_ES',
  status: 'approved' as const,
  body: 'Tu cita de {{1}} en {{2}} el {{3}} a las {{4}} está confirmada.',
};

describe('a WhatsApp message in the recipient’s language (issue 15)', () => {
  it('takes the template in the recipient’s language when the provider has one', () => {
    const body = whatsAppBody(
      on([...DEFAULT_WHATSAPP.templates, spanishConfirmation]),
      'confirmation',
      facts,
      '15125550123',
      'es',
    );
    expect(body).toMatchObject({
      type: 'template',
      template: { name: 'appointment_confirmation', language: { code: 'es_ES' } },
    });
    // The date is written the Spanish way: "mié, 25 nov 2026" and 09:00 on the provider's clock.
    const parameters = (
      body as { template: { components: { parameters: { text: string }[] }[] } }
    ).template.components[0]!.parameters.map((parameter) => parameter.text);
    expect(parameters[0]).toBe('Consulta');
    expect(parameters[2]).toMatch(/nov/);
    expect(parameters[2]).not.toMatch(/Nov|Wed/);
    expect(parameters[3]).toBe('09:00');
  });

  it('keeps the English template for an English recipient', () => {
    expect(
      whatsAppBody(
        on([...DEFAULT_WHATSAPP.templates, spanishConfirmation]),
        'confirmation',
        facts,
        '1',
        'en',
      ),
    ).toMatchObject({ type: 'template', template: { language: { code: 'en' } } });
  });

  it('falls back to the provider’s approved template, which the messaging API delivers, in its language', () => {
    expect(whatsAppBody(on(DEFAULT_WHATSAPP.templates), '24h', facts, '1', 'fr')).toMatchObject({
      type: 'template',
      template: { name: 'appointment_reminder', language: { code: 'en' } },
    });
  });

  it('writes its own text in the recipient’s language when the provider has no approved template', () => {
    const body = whatsAppBody(on([]), '1h', facts, '1', 'fr');
    expect(body).toMatchObject({ type: 'text' });
    expect((body as { text: { body: string } }).text.body).toMatch(
      /^Rappel : votre rendez-vous pour Consulta chez Sunrise Clinic est le .+ à 09:00\.$/,
    );
  });

  it('uses a pending template’s text only in the recipient’s language', () => {
    const pendingSpanish = { ...spanishConfirmation, status: 'pending' as const };
    const spanish = whatsAppBody(on([pendingSpanish]), 'confirmation', facts, '1', 'es');
    expect((spanish as { text: { body: string } }).text.body).toMatch(
      /^Tu cita de Consulta en Sunrise Clinic/,
    );
    const english = whatsAppBody(on([pendingSpanish]), 'confirmation', facts, '1', 'en');
    expect((english as { text: { body: string } }).text.body).toMatch(/^Your appointment for Consulta/);
  });
});
