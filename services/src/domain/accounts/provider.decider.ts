import { MESSAGES } from '@appointment/contracts/messages';
import type { Command, Decider } from '../command-handler';
import { IllegalStateError } from '../errors';

export const providerStream = (providerId: string) => `provider-${providerId}`;

export interface ProviderDetails {
  providerId: string;
  adminId: string;
  businessName: string;
  industry: string;
  email: string;
  phone: string;
  address: string;
}

export type ProviderCommand =
  | (Command & { type: 'RegisterProvider'; data: ProviderDetails })
  | (Command & { type: 'ApproveProvider'; data: Record<string, never> })
  | (Command & { type: 'RejectProvider'; data: Record<string, never> });

export type ProviderEvent =
  | { type: 'ProviderRegistered'; data: ProviderDetails & { at: string } }
  | { type: 'ProviderApproved'; data: { providerId: string; at: string } }
  | { type: 'ProviderRejected'; data: { providerId: string; adminId: string; at: string } };

/** SPEC §4: a provider registers pending; approving makes it active, rejecting removes it. */
export type Provider = { status: 'none' } | (ProviderDetails & { status: 'pending' | 'active' | 'rejected' });

export const providerDecider: Decider<ProviderCommand, ProviderEvent, Provider> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ProviderRegistered': {
        const { at: _at, ...details } = event.data;
        return { ...details, status: 'pending' };
      }
      case 'ProviderApproved':
        return state.status === 'none' ? state : { ...state, status: 'active' };
      case 'ProviderRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    const at = command.metadata.now;
    switch (command.type) {
      case 'RegisterProvider':
        return state.status === 'none' ? [{ type: 'ProviderRegistered', data: { ...command.data, at } }] : [];
      case 'ApproveProvider':
        if (state.status === 'active') return [];
        if (state.status !== 'pending') throw new IllegalStateError(MESSAGES.providerNotPending);
        return [{ type: 'ProviderApproved', data: { providerId: state.providerId, at } }];
      case 'RejectProvider':
        if (state.status !== 'pending') throw new IllegalStateError(MESSAGES.providerNotPending);
        return [
          { type: 'ProviderRejected', data: { providerId: state.providerId, adminId: state.adminId, at } },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
