import type { Command, Decider, DomainEvent } from './command-handler';

/**
 * given(events).when(command).then(events) | .thenNothingHappened() | .thenThrows(error): a decider test that reads as
 * its rule (docs/architecture.md §9).
 */
export const specFor = <C extends Command, E extends DomainEvent, S>(decider: Decider<C, E, S>) => ({
  given: (events: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        /** The command is already done (a retry, a repeat): it records nothing. */
        thenNothingHappened: () => expect(run()).toEqual([]),
        thenThrows: (error: new (...args: never[]) => Error, message?: string) => {
          expect(run).toThrow(error);
          if (message) expect(run).toThrow(message);
        },
      };
    },
  }),
});
