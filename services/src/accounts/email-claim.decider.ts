import { createHmac } from 'node:crypto';
import type { EmailClaimEvent } from '@appointment/contracts/events/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Command, Decider } from '../domain/command-handler';
import { ConflictError } from '../domain/errors';

/**
 * An e-mail address belongs to at most one account. Its own stream (`email-<address>`) is the
 * consistency boundary: claiming it with an expected revision makes registration race-free.
 */
export const emailStream = (email: string) => `email-${email.trim().toLowerCase()}`;

/**
 * The stream of an address as the log names it from now on: a keyed hash (HMAC-SHA-256 with a
 * per-database secret), so the log's stream names do not hold the address in clear. Streams
 * named by `emailStream` before this stay readable and keep their claims.
 */
export const hashedEmailStream = (email: string, key: string) =>
  `email-${createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex')}`;

export type EmailClaimCommand =
  | (Command & { type: 'ClaimEmail'; data: { userId: string } })
  | (Command & { type: 'ReleaseEmail'; data: { userId: string } });

/** The claim's events, as contracts/src/events/accounts.ts reads them. */
export type { EmailClaimEvent };

export interface EmailClaim {
  userId: string | null;
  claimedAt: string | null;
}

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaim> = {
  initialState: () => ({ userId: null, claimedAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'EmailClaimed':
        return { userId: event.data.userId, claimedAt: event.data.at };
      case 'EmailReleased':
        return state.userId === event.data.userId ? { userId: null, claimedAt: null } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ClaimEmail':
        if (state.userId === command.data.userId) return [];
        if (state.userId !== null) throw new ConflictError(MESSAGES.userExists);
        return [{ type: 'EmailClaimed', data: { userId: command.data.userId, at: command.metadata.now } }];
      case 'ReleaseEmail':
        if (state.userId !== command.data.userId) return [];
        return [{ type: 'EmailReleased', data: { userId: command.data.userId, at: command.metadata.now } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
