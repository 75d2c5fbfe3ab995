import { APPOINTMENT_PATHS, type DashboardDetails } from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS, type Provider } from '@appointment/contracts/catalogue';
import { api } from '../../lib/api-client';

/** docs/product.md §3 Dashboard response, by role (the path is this product's; §7.3 leaves it unnamed). */
export const fetchDashboardDetails = async (role: string): Promise<DashboardDetails> => {
  const body = await api.post<Partial<DashboardDetails> | undefined>(APPOINTMENT_PATHS.dashboardDetails, {
    role,
  });
  return {
    appointmentsWithProviderDetails: Array.isArray(body?.appointmentsWithProviderDetails)
      ? body.appointmentsWithProviderDetails
      : [],
    appointmentsWithServiceDetails: Array.isArray(body?.appointmentsWithServiceDetails)
      ? body.appointmentsWithServiceDetails
      : [],
  };
};

/** docs/product.md §7.5 POST /providers/getserviceproviderid: the admin's own provider, for its address. */
export const fetchProviderAddress = async (id: string): Promise<string | null> => {
  const body = await api.post<{ provider?: Pick<Provider, 'address'> } | undefined>(
    CATALOGUE_PATHS.providerById,
    {
      id,
    },
  );
  return typeof body?.provider?.address === 'string' ? body.provider.address : null;
};
