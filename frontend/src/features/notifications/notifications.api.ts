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
 * (docs/product.md §8): the list is then empty. Answered deletes patch it (below) and so do live
 * notifications (notifications.saga.ts, which holds the socket); it is forgotten once the
 * signed-in layout closes.
 */
export const notificationsApi = api.injectEndpoints({
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
    /** docs/product.md §7.3 POST /appointments/deletenotification. */
    deleteNotification: build.mutation<{ message?: string } | null, string>({
      query: (_id) => ({ url: NOTIFICATION_PATHS.delete, method: 'POST', body: { _id } }),
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        await removeOnceAnswered(dispatch, queryFulfilled, (items) =>
          items.filter((item) => item._id !== _id),
        );
      },
    }),
    /** docs/product.md §7.3 POST /appointments/deleteallnotification: Clear All. */
    deleteAllNotifications: build.mutation<{ message?: string } | null, void>({
      query: () => ({ url: NOTIFICATION_PATHS.deleteAll, method: 'POST', body: {} }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        await removeOnceAnswered(dispatch, queryFulfilled, () => []);
      },
    }),
  }),
});

/** Changes the bell's list in place, when it is being read. */
export const patchNotifications = (recipe: (items: AppNotification[]) => AppNotification[]) =>
  notificationsApi.util.updateQueryData('notifications', undefined, (items) => recipe(items ?? []));

/** docs/product.md §4: a notification is removed only once the server answered its delete with a message. */
async function removeOnceAnswered(
  dispatch: (action: ReturnType<typeof patchNotifications>) => unknown,
  answered: Promise<{ data: { message?: string } | null }>,
  recipe: (items: AppNotification[]) => AppNotification[],
): Promise<void> {
  try {
    const { data } = await answered;
    if (data?.message) dispatch(patchNotifications(recipe));
  } catch (error) {
    console.error('Error deleting notification', error);
  }
}

export const { useNotificationsQuery, useDeleteNotificationMutation, useDeleteAllNotificationsMutation } =
  notificationsApi;

const NONE: AppNotification[] = [];

/** The bell's list, read afresh each time the signed-in layout opens. */
export const useNotifications = (): AppNotification[] =>
  useNotificationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    selectFromResult: ({ data }) => ({ items: data ?? NONE }),
  }).items;
