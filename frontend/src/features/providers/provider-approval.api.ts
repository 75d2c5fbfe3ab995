import { API_PATHS, MessageResponse } from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';

/** Approving creates the provider (docs/product.md §4); answers the server's message when it sends one. */
export const approveProvider = async (id: string): Promise<string | undefined> =>
  MessageResponse.safeParse(await api.post<unknown>(API_PATHS.approveProvider, { id })).data?.message;

/** Rejecting deletes the pending user (docs/product.md §4), answering "User deleted successfully". */
export const rejectProvider = async (id: string): Promise<string | undefined> =>
  MessageResponse.safeParse(await api.post<unknown>(API_PATHS.rejectProvider, { id })).data?.message;
