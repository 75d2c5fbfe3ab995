import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { LAYOUT, LOCATION_OPTIONS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { ShrinkingField, Input, Label, Select } from '../../../ui/form.styles';
import { SmallButton } from '../../../ui/button.styles';
import { ErrorNotice, ScrollRegion } from '../../../ui/page.styles';
import { formatPrice } from '../../../lib/locale-format';
import { longDate, timeRange } from '../../../ui/appointment-format';
import { StatusBadge } from '../../../ui/status-badge';
import { PaymentBadge } from '../../../ui/payment-badge';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { ServiceAppointment } from '../dashboard.api';
import { filterAppointments, NO_FILTERS, type PanelFilters } from '../dashboard.view';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import {
  Actions,
  Filters,
  Item,
  ItemLine,
  ItemTitle,
  Muted,
  Panel,
  PanelHeader,
  PanelTitle,
  ScrollList,
} from './dashboard.styles';
import { MessageText } from '../../../ui/message-text';
import { BookingAttachment } from '../../../ui/booking-attachment';

const STATUS_FILTERS: readonly { value: PanelFilters['status'] }[] = [
  { value: 'all' },
  { value: 'pending' },
  { value: 'scheduled' },
  { value: 'completed' },
  { value: 'cancelled' },
  { value: 'no_show' },
];

interface AdminAppointmentsPanelProps {
  items: ServiceAppointment[];
  loading: boolean;
  providerAddress: string | null;
  /** Given only when the role may change status (docs/product.md §6: only admin). */
  onDecide?: (id: string, status: AppointmentStatus) => void;
  updating: string[];
  updateError: string | null;
}

/**
 * docs/product.md §2.4 admin panel: all the provider's appointments with filters, scrolling at 500 px;
 * pending ones can be confirmed (→ scheduled) or rejected (→ cancelled).
 */
export function AdminAppointmentsPanel({
  items,
  loading,
  providerAddress,
  onDecide,
  updating,
  updateError,
}: AdminAppointmentsPanelProps) {
  const { texts: T, t } = useCatalogue('dashboardPanels', DASHBOARD_TEXTS);
  const titleId = useId();
  const statusId = useId();
  const searchId = useId();
  const locationId = useId();
  const [filters, setFilters] = useState<PanelFilters>(NO_FILTERS);
  // Rejecting a paid booking is asked first, saying what happens to the payment.
  const [rejectingPaid, setRejectingPaid] = useState<ServiceAppointment | null>(null);
  const shown = useMemo(
    () => filterAppointments(items, filters, providerAddress),
    [items, filters, providerAddress],
  );
  const change = (key: keyof PanelFilters) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Panel aria-labelledby={titleId}>
      <PanelHeader>
        <PanelTitle id={titleId}>{T.allAppointments}</PanelTitle>
      </PanelHeader>
      <Filters role="group" aria-label={T.filters}>
        <ShrinkingField>
          <Label htmlFor={statusId}>{T.status}</Label>
          <Select id={statusId} value={filters.status} onChange={change('status')}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {T.statusFilters[option.value]}
              </option>
            ))}
          </Select>
        </ShrinkingField>
        <ShrinkingField>
          <Label htmlFor={searchId}>{T.search}</Label>
          <Input
            id={searchId}
            type="search"
            value={filters.search}
            placeholder={T.searchPlaceholder}
            onChange={change('search')}
          />
        </ShrinkingField>
        <ShrinkingField>
          <Label htmlFor={locationId}>{T.location}</Label>
          <Select id={locationId} value={filters.location} onChange={change('location')}>
            <option value="">{T.allLocations}</option>
            {LOCATION_OPTIONS.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </Select>
        </ShrinkingField>
      </Filters>
      {updateError && <ErrorNotice role="alert">{updateError}</ErrorNotice>}
      {loading ? (
        <Muted>{T.loading}</Muted>
      ) : shown.length === 0 ? (
        <Muted>
          <MessageText>{MESSAGES.noAppointments}</MessageText>
        </Muted>
      ) : (
        <ScrollRegion
          role="region"
          aria-label={T.appointmentItems}
          tabIndex={0}
          $maxHeight={LAYOUT.adminAppointmentListMaxHeight}
        >
          <ScrollList aria-label={T.appointmentItems}>
            {shown.map((item) => {
              const busy = updating.includes(item._id);
              const user = item.userDetails ?? { username: item.username, email: item.email };
              const date = longDate(item.date);
              const time = timeRange(item.startTime, item.endTime);
              return (
                <li key={item._id}>
                  <Item
                    aria-label={t('itemLabel', {
                      service: item.serviceName,
                      user: user.username,
                      date,
                      time,
                    })}
                    aria-busy={busy}
                  >
                    <div>
                      <ItemTitle>
                        <span>{item.serviceName}</span>
                        <StatusBadge status={item.status} />
                        <PaymentBadge {...item} />
                      </ItemTitle>
                      <ItemLine>
                        {user.username} · {user.email}
                      </ItemLine>
                      <ItemLine>{date}</ItemLine>
                      <ItemLine>{time}</ItemLine>
                      <ItemLine>
                        {item.serviceDetails
                          ? formatPrice(item.serviceDetails.price, item.serviceDetails.currency)
                          : formatPrice(item.amount, item.currency)}
                      </ItemLine>
                      <BookingAttachment note={item.note} imageUrl={item.imageUrl} />
                    </div>
                    {onDecide && item.status === 'pending' && (
                      <Actions>
                        <SmallButton
                          type="button"
                          disabled={busy}
                          onClick={() => onDecide(item._id, 'scheduled')}
                        >
                          {T.confirm}
                        </SmallButton>
                        <SmallButton
                          type="button"
                          $danger
                          disabled={busy}
                          onClick={() =>
                            item.paid ? setRejectingPaid(item) : onDecide(item._id, 'cancelled')
                          }
                        >
                          {T.reject}
                        </SmallButton>
                      </Actions>
                    )}
                  </Item>
                </li>
              );
            })}
          </ScrollList>
        </ScrollRegion>
      )}
      <ConfirmDialog
        open={rejectingPaid !== null}
        title={T.rejectPaidTitle}
        cancelLabel={T.keepBooking}
        confirmLabel={T.reject}
        onCancel={() => setRejectingPaid(null)}
        onConfirm={() => {
          if (rejectingPaid) onDecide?.(rejectingPaid._id, 'cancelled');
          setRejectingPaid(null);
        }}
      >
        {rejectingPaid &&
          t('rejectPaidBody', {
            user: (rejectingPaid.userDetails?.username ?? rejectingPaid.username) || T.theUser,
            amount: formatPrice(rejectingPaid.amount, rejectingPaid.currency),
            service: rejectingPaid.serviceName,
          })}
      </ConfirmDialog>
    </Panel>
  );
}
