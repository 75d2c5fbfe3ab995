import { z } from 'zod';
import {
  DEFAULT_PROVIDER_TIMEZONE,
  INDUSTRIES,
  INDUSTRY_LIST,
  LIMITS,
  LOCATION_TIMEZONES,
  SERVICE_DEFAULTS,
  WEEKDAYS,
} from './constants';
import { jsonNestedDeeperThan } from './json-depth';
import { MESSAGES } from './messages';
import { Currency } from './money';
import { Break, Breaks, WorkingHours, defaultBreaks, defaultWorkingHours } from './schedule';

/**
 * The catalogue: industries, providers, their services and users' favourites
 * (docs/product.md §3, §4, §5, §7.4, §7.5).
 */

export type Industry = (typeof INDUSTRY_LIST)[number];

/** docs/product.md §4: isPaymentNeeded follows the price; it is never taken from the client. */
export const isPaymentNeededFor = (price: number): boolean => price > 0;

const money = (value: number) => Math.round(value * 100) / 100;

/** docs/product.md §5 Service form. */
export const ServiceInput = z.object({
  name: z
    .string({ message: MESSAGES.serviceNameRequired })
    .trim()
    .min(1, { message: MESSAGES.serviceNameRequired })
    .max(120),
  description: z.string().trim().max(1000).optional(),
  duration: z.coerce
    .number({ message: MESSAGES.durationMin })
    .int({ message: MESSAGES.durationMin })
    .min(SERVICE_DEFAULTS.durationMin, { message: MESSAGES.durationMin })
    .max(24 * 60)
    .default(SERVICE_DEFAULTS.duration),
  price: z.coerce
    .number({ message: MESSAGES.priceMin })
    .min(SERVICE_DEFAULTS.priceMin, { message: MESSAGES.priceMin })
    .max(1_000_000)
    .default(SERVICE_DEFAULTS.price)
    .transform(money),
  automaticBooking: z.boolean().default(SERVICE_DEFAULTS.automaticBooking),
  /** Issue 31: users may book it as a recurring series. */
  allowRecurring: z.boolean().default(SERVICE_DEFAULTS.allowRecurring),
});
export type ServiceInput = z.input<typeof ServiceInput>;
export type ServiceFields = z.output<typeof ServiceInput>;

/** docs/product.md §3 Service as listed. */
export const Service = z.object({
  _id: z.string(),
  providerId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  duration: z.number(),
  price: z.number(),
  /** Its provider's currency, so a list needs no other lookup to show the price. */
  currency: z.string(),
  isPaymentNeeded: z.boolean(),
  automaticBooking: z.boolean(),
  /** Issue 31: users may book it as a recurring series; absent where the list does not say. */
  allowRecurring: z.boolean().optional(),
});
export type Service = z.infer<typeof Service>;
/** POST getservice: the caller's provider's services, in the order they were added (a list). */
export const ServiceList = z.array(Service);

export const EditServiceRequest = z.object({ id: z.string().min(1).max(100), data: ServiceInput });
export const DeleteServiceRequest = z.object({
  id: z.string().min(1).max(100),
  data: z.unknown().optional(),
});

export const ServiceResponse = z.object({ service: Service });
export type ServiceResponse = z.infer<typeof ServiceResponse>;
export const DeletedServiceResponse = z.object({ deletedService: Service });
export type DeletedServiceResponse = z.infer<typeof DeletedServiceResponse>;

/** GET getindustry: the industries a provider can have (a list). */
export const IndustryList = z.array(z.object({ id: z.string(), name: z.string(), icon: z.string() }));

export const PROVIDER_STATUS = { active: 'active', pending: 'pending', other: 'other' } as const;

/** The hours a provider's time slots open on one weekday. */
export const OpenHours = z.object({
  day: z.enum(WEEKDAYS),
  opens: z.string(),
  closes: z.string(),
});
export type OpenHours = z.infer<typeof OpenHours>;

/** docs/product.md §3 Provider, as the read model lists it. */
export const Provider = z.object({
  _id: z.string(),
  id: z.string(),
  providerId: z.string(),
  adminId: z.string().nullable(),
  name: z.string(),
  businessName: z.string(),
  industry: z.string(),
  industryId: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  /** Average rating and how many reviews it rests on; 0 reviews means not rated yet. */
  rating: z.number(),
  reviewCount: z.number(),
  description: z.string(),
  status: z.enum(['active', 'pending', 'other']),
  timezone: z.string(),
  /** The ISO 4217 code every price of this provider is in. */
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  workingHours: WorkingHours,
  breaks: z.array(Break),
  specialties: z.array(z.string()),
  services: z.array(Service).optional(),
  /**
   * The hours the provider's time slots of the next four weeks open, per weekday (a
   * weekday without any is closed). The provider's detail shows these, so what it says is what
   * can be booked. Only on a single provider's answer.
   */
  openHours: z.array(OpenHours).optional(),
});
export type Provider = z.infer<typeof Provider>;
export const ProviderList = z.object({ providers: z.array(Provider) });
/** POST getserviceproviderid: the provider, and its services beside it. */
export const ProviderDetail = z.object({ provider: Provider, services: z.array(Service).optional() });
/** POST /api/providers/currency: the currency saved, and the provider. */
export const ProviderCurrencyAnswer = z.object({ currency: Currency });
export const ProviderCurrencySaved = z.object({ message: z.string(), provider: Provider });

export const industryIdOf = (industry: string): string => industry.trim().toLowerCase();

/** A provider's time zone from the location named in its address (docs/architecture.md §5). */
export const timezoneForAddress = (address: string): string => {
  for (const [location, zone] of Object.entries(LOCATION_TIMEZONES)) {
    if (matchesLocation(address, location)) return zone;
  }
  return DEFAULT_PROVIDER_TIMEZONE;
};

/** JSON text of a form field, parsed only if it is not nested too deeply. */
const parsedJson = (text: string, ctx: z.RefinementCtx): unknown => {
  if (jsonNestedDeeperThan(text)) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.jsonTooDeep });
    return z.NEVER;
  }
  return JSON.parse(text);
};

const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return parsedJson(value, ctx);
    } catch {
      return value;
    }
  }, schema);

/** Specialties arrive as a JSON array, or as one comma-separated line from a form. */
const specialties = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return parsedJson(text, ctx);
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(',');
  },
  z.array(z.string().trim().min(1).max(60)).max(20),
);

/**
 * docs/product.md §5 Provider form (Add Provider). Multipart bodies carry workingHours, breaks, services
 * and specialties as JSON text; the seed's alternative names (businessname, phoneno) are
 * accepted by `providerFormFromBody`.
 */
export const ProviderForm = z.object({
  name: z
    .string({ message: MESSAGES.providerNameRequired })
    .trim()
    .min(1, { message: MESSAGES.providerNameRequired })
    .max(120),
  email: z
    .string({ message: MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: MESSAGES.invalidEmail }))
    .meta({ format: 'email' }),
  phone: z
    .string({ message: MESSAGES.phoneMin })
    .trim()
    .min(LIMITS.phoneMin, { message: MESSAGES.phoneMin })
    .max(30),
  industry: z
    .string({ message: MESSAGES.industryRequired })
    .refine((value) => (INDUSTRIES as readonly string[]).includes(value), {
      message: MESSAGES.industryRequired,
    })
    .meta({ enum: [...INDUSTRIES] }),
  address: z
    .string({ message: MESSAGES.addressRequired })
    .trim()
    .min(1, { message: MESSAGES.addressRequired })
    .max(300),
  description: z.string().trim().max(2000).default(''),
  workingHours: jsonField(WorkingHours).default(defaultWorkingHours),
  breaks: jsonField(Breaks).default(defaultBreaks),
  services: jsonField(z.array(ServiceInput).min(1, { message: MESSAGES.serviceRequired }).max(50)).refine(
    (list) => new Set(list.map((service) => service.name.toLowerCase())).size === list.length,
    { message: MESSAGES.serviceNameTaken },
  ),
  specialties: specialties.default([]),
  /** When not chosen, the currency of the address's country. */
  currency: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    Currency.optional(),
  ),
});
export type ProviderFormInput = z.input<typeof ProviderForm>;
export type ProviderFormFields = z.output<typeof ProviderForm>;

/** Maps the seed's alternative field names onto the form's (docs/product.md §3 Provider creation). */
export const providerFormFromBody = (body: Record<string, unknown>): Record<string, unknown> => ({
  ...body,
  name: body.name ?? body.businessname ?? body.businessName,
  phone: body.phone ?? body.phoneno,
});

export const ProviderCreatedResponse = z.object({ message: z.string(), provider: Provider });
export type ProviderCreatedResponse = z.infer<typeof ProviderCreatedResponse>;

export const FetchProvidersRequest = z.object({
  industry: z.string().max(60).optional(),
  location: z.string().max(60).optional(),
  search: z.string().max(120).optional(),
});
export type FetchProvidersRequest = z.infer<typeof FetchProvidersRequest>;

export const ProviderIdRequest = z.object({ id: z.string().min(1).max(100) });

/** docs/product.md §5: location matches a whole word of the address, case-insensitive. */
export const matchesLocation = (address: string, location: string): boolean => {
  const wanted = location.trim().toLowerCase();
  if (!wanted) return true;
  return address
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .includes(wanted);
};

/** docs/product.md §5 provider filters; an empty filter matches everything. */
export const matchesProviderFilters = (
  provider: Pick<Provider, 'name' | 'address' | 'industry'>,
  filters: FetchProvidersRequest,
): boolean =>
  (!filters.industry || industryIdOf(provider.industry) === industryIdOf(filters.industry)) &&
  (!filters.location || matchesLocation(provider.address, filters.location)) &&
  (!filters.search || provider.name.toLowerCase().includes(filters.search.trim().toLowerCase()));

/** docs/product.md §5 provider search (superadmin): name or e-mail, case-insensitive substring. */
export const matchesProviderSearch = (
  provider: Pick<Provider, 'name' | 'email'>,
  search: string,
): boolean => {
  const wanted = search.trim().toLowerCase();
  return (
    !wanted || provider.name.toLowerCase().includes(wanted) || provider.email.toLowerCase().includes(wanted)
  );
};

/** Favourites (docs/product.md §3): a list of entries with itemId (the provider id). */
export const UpdateFavouriteRequest = z.object({
  providerId: z.string().min(1).max(100),
  /** Set explicitly; when absent the mark is toggled, as the seed's call does. */
  favorite: z.boolean().optional(),
});
export const FavouriteEntry = z.object({ itemId: z.string(), createdAt: z.string() });
export type FavouriteEntry = z.infer<typeof FavouriteEntry>;
export const FavouritesResponse = z.object({ favorites: z.array(FavouriteEntry) });
export type FavouritesResponse = z.infer<typeof FavouritesResponse>;

export const CATALOGUE_PATHS = {
  addService: '/api/providerservice/addservice',
  getServices: '/api/providerservice/getservice',
  editService: '/api/providerservice/editservice',
  deleteService: '/api/providerservice/deleteservice',
  industries: '/api/industry/getindustry',
  addProvider: '/api/providers/addprovider',
  getProviders: '/api/providers/getprovider',
  fetchProviders: '/api/providers/fetchprovider',
  providerById: '/api/providers/getserviceproviderid',
  /** The admin's or incharge's own provider's currency (GET); the admin sets it (POST { currency }). */
  providerCurrency: '/api/providers/currency',
  updateFavourite: '/api/appointments/updatefavoriteprovider',
  favourites: '/api/appointments/getfavorites',
} as const;
