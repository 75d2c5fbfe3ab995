import { JSON_MAX_DEPTH, jsonNestedDeeperThan } from './json-depth';

describe('jsonNestedDeeperThan (issue 26)', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([
    ['32 levels of arrays', nested(JSON_MAX_DEPTH), false],
    ['33 levels of arrays', nested(JSON_MAX_DEPTH + 1), true],
    ['objects and arrays mixed', `${'{"a":['.repeat(17)}${']}'.repeat(17)}`, true],
    ['brackets inside a string', JSON.stringify({ text: '[[[[{{{{'.repeat(100) }), false],
    ['an escaped quote does not end the string', JSON.stringify({ text: `"${'['.repeat(100)}` }), false],
    ['siblings are not nesting', `[${'[],'.repeat(1000)}[]]`, false],
    ['a million levels', nested(1_000_000), true],
  ])('%s', (_what, json, deeper) => {
    expect(jsonNestedDeeperThan(json)).toBe(deeper);
    expect(jsonNestedDeeperThan(Buffer.from(json, 'utf8'))).toBe(deeper);
  });

  it('reads UTF-8 bytes of characters outside ASCII', () => {
    const json = JSON.stringify({ name: 'Zoë 🦷 [', nested: [[['é']]] });
    expect(jsonNestedDeeperThan(Buffer.from(json, 'utf8'), 4)).toBe(false);
    expect(jsonNestedDeeperThan(Buffer.from(json, 'utf8'), 3)).toBe(true);
  });
});
