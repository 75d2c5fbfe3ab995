import { describe, expect, it } from 'vitest';
import { providerInView, providerOutOfView } from '../../lib/events';
import { botReplied, chatReducer, messageSent, BOT_AUTO_REPLY } from './chat.slice';

describe('chat slice', () => {
  const start = chatReducer(undefined, { type: 'init' });

  it('follows the provider the booking screen shows, by the booking feature’s own actions', () => {
    const shown = chatReducer(start, providerInView({ id: 'p1' }));
    expect(shown.providerId).toBe('p1');
    expect(shown).toEqual(chatReducer(start, { type: 'booking/providerSelected', payload: { id: 'p1' } }));
    expect(chatReducer(shown, providerOutOfView()).providerId).toBeNull();
  });

  it('shows the assistant’s answer as it came, and the hand-over line in the reader’s language', () => {
    const asked = chatReducer(start, messageSent('Hello', 'm1', '2026-11-24T10:00:00.000Z'));
    expect(asked.isLoading).toBe(true);
    const answered = chatReducer(asked, botReplied('b1', '2026-11-24T10:00:01.000Z', 'Welcome!'));
    expect(answered.messages.at(-1)).toMatchObject({ content: 'Welcome!', sender: 'bot' });
    expect(answered.messages.at(-1)).not.toHaveProperty('textKey');
    expect(answered.messages.find((m) => m.id === 'm1')?.status).toBe('read');
    const handedOver = chatReducer(asked, botReplied('b2', '2026-11-24T10:00:01.000Z'));
    expect(handedOver.messages.at(-1)).toMatchObject({ content: BOT_AUTO_REPLY, textKey: 'autoReply' });
  });
});
