import { MESSAGES, messageKeyOf, type MessageKey } from './messages';
import { MESSAGE_TRANSLATIONS, translateMessage } from './message-translations';

const KEYS = Object.keys(MESSAGES) as MessageKey[];

describe('the messages in es and fr (issue 15)', () => {
  it.each(['es', 'fr'] as const)('%s has every key of MESSAGES and no other', (language) => {
    expect(Object.keys(MESSAGE_TRANSLATIONS[language]).sort()).toEqual([...KEYS].sort());
  });

  it.each(['es', 'fr'] as const)(
    '%s translates every message: none is the English text or empty',
    (language) => {
      const untranslated = KEYS.filter((key) => {
        const text = MESSAGE_TRANSLATIONS[language][key];
        return text.trim() === '' || text === MESSAGES[key];
      });
      expect(untranslated).toEqual([]);
    },
  );

  it.each(['es', 'fr'] as const)('%s keeps the numbers and codes a message names', (language) => {
    const tokens = (text: string) => text.match(/\d+|HH:mm|ISO 4217|ISO 8601|csv|ndjson|http|https/g) ?? [];
    const changed = KEYS.filter(
      (key) => tokens(MESSAGE_TRANSLATIONS[language][key]).join() !== tokens(MESSAGES[key]).join(),
    );
    expect(changed).toEqual([]);
  });

  it('finds a message from its English text', () => {
    expect(translateMessage('Invalid email or password', 'es')).toBe(
      'Correo electrónico o contraseña incorrectos',
    );
    expect(translateMessage('Invalid email or password', 'fr')).toBe('E-mail ou mot de passe incorrect');
    expect(translateMessage('Invalid email or password', 'en')).toBe('Invalid email or password');
  });

  it('translates the booking failure with the server reason after it', () => {
    expect(translateMessage(`${MESSAGES.bookingFailedBecause}${MESSAGES.slotJustBooked}`, 'fr')).toBe(
      'Impossible de réserver le rendez-vous : Ce créneau vient d’être réservé',
    );
    // A reason the product does not know stays as the server wrote it.
    expect(translateMessage(`${MESSAGES.bookingFailedBecause}Gateway down`, 'es')).toBe(
      'No se pudo reservar la cita: Gateway down',
    );
  });

  it('translates the overlap with the other time slot’s date and times', () => {
    const text = `${MESSAGES.slotOverlaps} 2026-11-25 from 09:00 to 12:00`;
    expect(translateMessage(text, 'es')).toBe(
      'Esta franja horaria se solapa con la del 2026-11-25 de 09:00 a 12:00',
    );
    expect(translateMessage(text, 'fr')).toBe(
      'Ce créneau horaire chevauche celui du 2026-11-25 de 09:00 à 12:00',
    );
  });

  it('leaves data and unknown texts as they are', () => {
    expect(translateMessage('Sunrise Clinic', 'es')).toBe('Sunrise Clinic');
    expect(translateMessage(`${MESSAGES.slotOverlaps} somewhere`, 'fr')).toBe(
      `${MESSAGES.slotOverlaps} somewhere`,
    );
  });

  it('finds a message’s key from its English text', () => {
    expect(messageKeyOf(MESSAGES.tooManyLogins)).toBe('tooManyLogins');
    expect(messageKeyOf('No API route for GET /api/x')).toBeUndefined();
  });
});
