import { API_PATHS, type ChangePassword } from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';

/** docs/product.md §7.2 PUT /users/updatepassword. */
export const updatePassword = (change: ChangePassword): Promise<unknown> =>
  api.put<unknown>(API_PATHS.updatePassword, change);
