import { API_PATHS, type ChangePassword } from '@appointment/contracts/accounts';
import { api } from '../../lib/api';

/** Settings' one write; the dialog's state follows it (settings.slice.ts). */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.2 PUT /users/updatepassword. */
    changePassword: build.mutation<unknown, ChangePassword>({
      query: (change) => ({ url: API_PATHS.updatePassword, method: 'PUT', body: change }),
      onQueryStarted: async (_change, { queryFulfilled }) => {
        try {
          await queryFulfilled;
        } catch (error) {
          console.error('Failed to change the password', error);
        }
      },
    }),
  }),
});

export const { useChangePasswordMutation } = settingsApi;
