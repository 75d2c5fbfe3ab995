import { LANGUAGES } from './constants';
import { EVENT_SCHEMAS } from './events/read-event';
import { EVENT_SENTENCES } from './history-sentences';

describe("every event type's sentence in the history (issue 32)", () => {
  it('has a sentence in every language for every event type, and no other', () => {
    expect(Object.keys(EVENT_SENTENCES).sort()).toEqual(Object.keys(EVENT_SCHEMAS).sort());
    const empty = Object.entries(EVENT_SENTENCES).flatMap(([type, sentences]) =>
      LANGUAGES.filter((language) => !sentences[language]?.trim()).map((language) => `${type} ${language}`),
    );
    expect(empty).toEqual([]);
  });

  it('translates every sentence: none in es or fr is the English one', () => {
    const untranslated = Object.entries(EVENT_SENTENCES).flatMap(([type, sentences]) =>
      (['es', 'fr'] as const).filter((language) => sentences[language] === sentences.en).map(() => type),
    );
    expect(untranslated).toEqual([]);
  });
});
