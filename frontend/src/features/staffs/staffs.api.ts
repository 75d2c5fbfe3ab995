import { API_PATHS, StaffListResponse, type StaffUser } from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';

/** docs/product.md §7.2 GET /profile/getalluser: the staff of the signed-in admin's provider. */
export const fetchStaff = async (): Promise<StaffUser[]> =>
  StaffListResponse.parse(await api.get<unknown>(API_PATHS.staff)).businessUsers;
