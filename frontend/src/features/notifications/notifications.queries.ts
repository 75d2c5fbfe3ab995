import { api } from '../../lib/api';
import type { AppNotification } from '../../lib/events';

export type { AppNotification };

/** docs/product.md §7.3 notification calls. */
export const NOTIFICATION_PATHS = {
  list: '/api/appointments/getnotification',
  delete: '/api/appointments/deletenotification',
  deleteAll: '/api/appointments/deleteallnotification',
} as const;

const isNotification = (value: unknown): value is AppNotification =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as AppNotification).message === 'string' &&
  typeof (value as AppNotification).createdAt === 'string';

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

/**
 * The bell's list (docs/product.md §4 "The list loads at start"). Failures are console-only
 * (docs/product.md §8): the list is then empty. Live notifications and answered deletes patch it
 * (notifications.saga.ts); it is forgotten once the signed-in layout closes.
 */
export const notificationsQueries = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.3 GET /appointments/getnotification. */
    notifications: build.query<AppNotification[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const answer = await baseQuery(NOTIFICATION_PATHS.list);
        if (answer.error) {
          // Until the appointments API exists the list answers 404: an empty list, quietly.
          if (statusOf(answer.error) === 404) console.info('No notifications endpoint yet');
          else console.error('Error fetching notifications', answer.error);
          return { data: [] };
        }
        const body = answer.data as { notifications?: unknown } | undefined;
        if (!body || !Array.isArray(body.notifications)) {
          console.error('Invalid notification response');
          return { data: [] };
        }
        return { data: body.notifications.filter(isNotification) };
      },
      keepUnusedDataFor: 0,
      providesTags: ['Notification'],
    }),
  }),
});

export const { useNotificationsQuery } = notificationsQueries;

const NONE: AppNotification[] = [];

/** The bell's list, read afresh each time the signed-in layout opens. */
export const useNotifications = (): AppNotification[] =>
  useNotificationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    selectFromResult: ({ data }) => ({ items: data ?? NONE }),
  }).items;
