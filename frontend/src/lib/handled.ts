/**
 * An async event handler as React takes it: React ignores what a handler returns, so a failure
 * of the promise would escape as an unhandled rejection. Here it is logged, as a saga's failure
 * is (app/store.ts), and the handler returns nothing.
 */
export const handled =
  <Args extends unknown[]>(handler: (...args: Args) => Promise<unknown>, what: string) =>
  (...args: Args): void => {
    handler(...args).catch((error: unknown) => console.error(what, error));
  };
