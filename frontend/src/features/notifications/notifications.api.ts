import { api } from '../../lib/api-client';
import type { AppNotification } from './notifications.slice';

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

/** The list, or undefined when the answer is not a { notifications: [...] } body. */
export const fetchNotifications = async (): Promise<AppNotification[] | undefined> => {
  const body = await api.get<{ notifications?: unknown }>(NOTIFICATION_PATHS.list);
  if (!body || !Array.isArray(body.notifications)) return undefined;
  return body.notifications.filter(isNotification);
};

export const deleteNotification = (_id: string) =>
  api.post<{ message?: string }>(NOTIFICATION_PATHS.delete, { _id });

export const deleteAllNotifications = () => api.post<{ message?: string }>(NOTIFICATION_PATHS.deleteAll);
