/**
 * JSON nested deeper than this is refused before it is parsed. Every body and JSON form
 * field the API takes is a few levels deep; a body of nested arrays made the recursive walks after
 * the parse overflow the stack (a 500) and a megabyte of them held the event loop for ~0.6 s.
 */
export const JSON_MAX_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text opens more than `limit` arrays and objects inside one another, read in one
 * pass without parsing it (brackets inside strings do not count). Takes the text or its UTF-8
 * bytes: in UTF-8 every byte of a multi-byte character is ≥ 0x80, so the ASCII brackets, quotes and
 * backslashes are read the same in both. Text that is not JSON is left to the parser to refuse.
 */
export const jsonNestedDeeperThan = (json: string | Uint8Array, limit = JSON_MAX_DEPTH): boolean => {
  const codeAt = typeof json === 'string' ? (i: number) => json.charCodeAt(i) : (i: number) => json[i]!;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const code = codeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
};
