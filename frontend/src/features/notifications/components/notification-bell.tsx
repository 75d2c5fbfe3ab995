import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../ui/button.styles';
import { BellIcon, TrashIcon } from '../../../ui/icons';
import {
  useDeleteAllNotificationsMutation,
  useDeleteNotificationMutation,
  useNotifications,
} from '../notifications.api';
import {
  Body,
  ClearAll,
  Dot,
  Empty,
  Header,
  Heading,
  Item,
  List,
  Message,
  Panel,
  Time,
} from './notification-bell.styles';

interface NotificationBellProps {
  open: boolean;
  onToggle: () => void;
}

const localTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** docs/product.md §2.2 notification bell: a red dot while the list is non-empty, and the Notifications panel. */
export function NotificationBell({ open, onToggle }: NotificationBellProps) {
  const { t } = useTranslation();
  const items = useNotifications();
  const [deleteNotification] = useDeleteNotificationMutation();
  const [deleteAll] = useDeleteAllNotificationsMutation();
  const remove = (_id: string | undefined) => {
    if (_id) void deleteNotification(_id);
    else console.error('Notification ID missing');
  };
  const panelId = useId();
  const headingId = useId();

  return (
    <>
      <IconButton
        type="button"
        aria-label={
          items.length > 0 ? t('notifications.bellUnread', { count: items.length }) : t('notifications.bell')
        }
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
      >
        <BellIcon />
        {items.length > 0 && <Dot aria-hidden="true" />}
      </IconButton>
      {open && (
        <Panel id={panelId} aria-labelledby={headingId}>
          <Header>
            <Heading id={headingId}>{t('notifications.title')}</Heading>
            <ClearAll type="button" disabled={items.length === 0} onClick={() => void deleteAll()}>
              {t('notifications.clearAll')}
            </ClearAll>
          </Header>
          {items.length === 0 ? (
            <Empty>{t('notifications.empty')}</Empty>
          ) : (
            <List>
              {items.map((item, index) => (
                <Item key={item._id ?? `${item.createdAt}-${index}`}>
                  <Body>
                    <Message>{item.message}</Message>
                    <Time dateTime={item.createdAt}>{localTime(item.createdAt)}</Time>
                  </Body>
                  <IconButton
                    type="button"
                    aria-label={t('notifications.delete')}
                    onClick={() => remove(item._id)}
                  >
                    <TrashIcon width={16} height={16} />
                  </IconButton>
                </Item>
              ))}
            </List>
          )}
        </Panel>
      )}
    </>
  );
}
