import { API_PATHS, StaffListResponse, type StaffUser } from '@appointment/contracts/accounts';
import { api } from '../../lib/api';

/** Staffs is one plain read: no slice, no saga. */
export const staffsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.2 GET /profile/getalluser: the staff of the signed-in admin's provider. */
    staff: build.query<StaffUser[], void>({
      query: () => API_PATHS.staff,
      transformResponse: (body: unknown) => StaffListResponse.parse(body).businessUsers,
    }),
  }),
});

export const { useStaffQuery } = staffsApi;
