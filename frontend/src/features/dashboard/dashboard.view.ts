import type { AppointmentStatus } from '@appointment/contracts/appointments';
import type { Provider, Service } from '@appointment/contracts/catalogue';
import type { ProviderAppointment, ServiceAppointment } from './dashboard.api';

/** The admin panel's filters (docs/product.md §2.4): status, a search over user and service, a location. */
export interface PanelFilters {
  status: AppointmentStatus | 'all';
  search: string;
  location: string;
}

export const NO_FILTERS: PanelFilters = { status: 'all', search: '', location: '' };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `word` appears in `text` as a whole word, whatever its case. */
export const hasWord = (text: string, word: string): boolean =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'iu').test(text);

/**
 * The location filter matches the provider's address as a whole word. An admin's appointments
 * are all with their own provider, so when its address is not known the filter reads the
 * appointment's own texts (provider, service, user, note) instead.
 */
const locationText = (item: ServiceAppointment, providerAddress: string | null): string =>
  [
    providerAddress ?? '',
    item.providerName,
    item.serviceName,
    item.serviceDetails?.description ?? '',
    item.note ?? '',
    item.userDetails?.username ?? item.username,
    item.userDetails?.email ?? item.email,
  ].join(' ');

export const filterAppointments = (
  items: ServiceAppointment[],
  filters: PanelFilters,
  providerAddress: string | null,
): ServiceAppointment[] => {
  const search = filters.search.trim().toLowerCase();
  return items.filter((item) => {
    if (filters.status !== 'all' && item.status !== filters.status) return false;
    if (search) {
      const text = [
        item.userDetails?.username ?? item.username,
        item.userDetails?.email ?? item.email,
        item.serviceName,
      ]
        .join(' ')
        .toLowerCase();
      if (!text.includes(search)) return false;
    }
    if (filters.location && !hasWord(locationText(item, providerAddress), filters.location)) return false;
    return true;
  });
};

/** The distinct services an admin's appointments name, for the Services panel. */
export const servicesOf = (items: ServiceAppointment[]): Service[] => {
  const seen = new Map<string, Service>();
  for (const item of items) {
    if (item.serviceDetails && !seen.has(item.serviceDetails._id))
      seen.set(item.serviceDetails._id, item.serviceDetails);
  }
  return [...seen.values()];
};

export interface RecentProvider {
  providerId: string;
  name: string;
  address: string | null;
  industry: string | null;
  imageUrl: string | null;
  /** The day of the latest appointment with this provider. */
  lastDate: string;
}

const latestFirst = (a: ProviderAppointment, b: ProviderAppointment): number =>
  (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0) ||
  (Date.parse(b.startDateTime) || 0) - (Date.parse(a.startDateTime) || 0);

const nameOf = (provider: Provider | null, fallback: string): string => provider?.name || fallback;

/** docs/product.md §2.4 Recent Providers: distinct providers, the one booked most recently first. */
export const recentProviders = (items: ProviderAppointment[]): RecentProvider[] => {
  const seen = new Map<string, RecentProvider>();
  for (const item of [...items].sort(latestFirst)) {
    if (seen.has(item.providerId)) continue;
    const provider = item.providerDetails;
    seen.set(item.providerId, {
      providerId: item.providerId,
      name: nameOf(provider, item.providerName),
      address: provider?.address ?? null,
      industry: provider?.industry ?? null,
      imageUrl: provider?.imageUrl ?? null,
      lastDate: item.date,
    });
  }
  return [...seen.values()];
};

export interface BookedService {
  key: string;
  /** Where "Book Again" leads: this provider, this service (issue 32). */
  providerId: string;
  serviceName: string;
  providerName: string;
  imageUrl: string | null;
  amount: number;
  currency: string;
  lastDate: string;
}

/** docs/product.md §2.4 service cards: each service a user has booked, with the provider, latest first. */
export const bookedServices = (items: ProviderAppointment[]): BookedService[] => {
  const seen = new Map<string, BookedService>();
  for (const item of [...items].sort(latestFirst)) {
    const key = `${item.providerId}\u0000${item.serviceName}`;
    if (seen.has(key)) continue;
    seen.set(key, {
      key,
      providerId: item.providerId,
      serviceName: item.serviceName,
      providerName: nameOf(item.providerDetails, item.providerName),
      imageUrl: item.providerDetails?.imageUrl ?? null,
      amount: item.amount,
      currency: item.currency,
      lastDate: item.date,
    });
  }
  return [...seen.values()];
};
