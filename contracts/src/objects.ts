/**
 * `{ ...base, ...added }`, built so that every result of one call site shares one hidden class.
 *
 * In Node 20 (V8 11.3) an object literal that begins with a spread and then adds a key the spread
 * did not bring (`{ ...event, at }`) gets a hidden class (map) of its own every time, once the
 * literal is warm: V8 clones the source's map without linking the copy into its transition tree.
 * Each such object costs about a microsecond per added key, a map in the old generation, and
 * leaves every function that later reads it with inline caches that have seen thousands of maps.
 * `Object.assign` onto `{}` adds the keys one by one along the shared transitions
 * (docs/performance.md, "One hidden class per event"). Overriding a key the spread brought, or a
 * spread after a literal key, is not affected. Used where it counts, on the booking's path (each
 * booking, each event); services/src/appointments/book/hidden-classes.unit.test.ts shows the
 * difference.
 */
export const withFields = <B extends object, A extends object>(base: B, added: A): Omit<B, keyof A> & A =>
  // Object.assign sets a key named __proto__ as the prototype, where a spread copies it as a key.
  Object.hasOwn(base, '__proto__') || Object.hasOwn(added, '__proto__')
    ? { ...base, ...added }
    : Object.assign({}, base, added);
