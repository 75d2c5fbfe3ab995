import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { LAYOUT, LOCATION_OPTIONS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { ShrinkingField, Input, Label, Select } from '../../../ui/form.styles';
import { SmallButton } from '../../../ui/button.styles';
import { ErrorNotice } from '../../../ui/page.styles';
import { formatMoney } from '@appointment/contracts/money';
import { longDate, timeRange } from '../../../ui/appointment-format';
import { StatusBadge } from '../../../ui/status-badge';
import { PaymentBadge } from '../../../ui/payment-badge';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { ServiceAppointment } from '../dashboard.slice';
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

const STATUS_FILTERS: readonly { value: PanelFilters['status']; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
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
  const titleId = useId();
  const statusId = useId();
  const searchId = useId();
  const locationId = useId();
  const [filters, setFilters] = useState<PanelFilters>(NO_FILTERS);
  // Issue 18: rejecting a paid booking is asked first, saying what happens to the payment.
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
        <PanelTitle id={titleId}>{DASHBOARD_TEXTS.allAppointments}</PanelTitle>
      </PanelHeader>
      <Filters role="group" aria-label={DASHBOARD_TEXTS.filters}>
        <ShrinkingField>
          <Label htmlFor={statusId}>{DASHBOARD_TEXTS.status}</Label>
          <Select id={statusId} value={filters.status} onChange={change('status')}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </ShrinkingField>
        <ShrinkingField>
          <Label htmlFor={searchId}>{DASHBOARD_TEXTS.search}</Label>
          <Input
            id={searchId}
            type="search"
            value={filters.search}
            placeholder={DASHBOARD_TEXTS.searchPlaceholder}
            onChange={change('search')}
          />
        </ShrinkingField>
        <ShrinkingField>
          <Label htmlFor={locationId}>{DASHBOARD_TEXTS.location}</Label>
          <Select id={locationId} value={filters.location} onChange={change('location')}>
            <option value="">{DASHBOARD_TEXTS.allLocations}</option>
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
        <Muted>{DASHBOARD_TEXTS.loading}</Muted>
      ) : shown.length === 0 ? (
        <Muted>{MESSAGES.noAppointments}</Muted>
      ) : (
        <ScrollList
          aria-label={DASHBOARD_TEXTS.appointmentItems}
          $maxHeight={LAYOUT.adminAppointmentListMaxHeight}
          tabIndex={0}
        >
          {shown.map((item) => {
            const busy = updating.includes(item._id);
            const user = item.userDetails ?? { username: item.username, email: item.email };
            const date = longDate(item.date);
            const time = timeRange(item.starttime ?? item.startTime, item.endtime ?? item.endTime);
            return (
              <li key={item._id}>
                <Item
                  aria-label={`${item.serviceName} for ${user.username}, ${date}, ${time}`}
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
                        ? formatMoney(item.serviceDetails.price, item.serviceDetails.currency)
                        : formatMoney(item.amount, item.currency)}
                    </ItemLine>
                    {item.note && <ItemLine>{item.note}</ItemLine>}
                  </div>
                  {onDecide && item.status === 'pending' && (
                    <Actions>
                      <SmallButton
                        type="button"
                        disabled={busy}
                        onClick={() => onDecide(item._id, 'scheduled')}
                      >
                        {DASHBOARD_TEXTS.confirm}
                      </SmallButton>
                      <SmallButton
                        type="button"
                        $danger
                        disabled={busy}
                        onClick={() => (item.paid ? setRejectingPaid(item) : onDecide(item._id, 'cancelled'))}
                      >
                        {DASHBOARD_TEXTS.reject}
                      </SmallButton>
                    </Actions>
                  )}
                </Item>
              </li>
            );
          })}
        </ScrollList>
      )}
      <ConfirmDialog
        open={rejectingPaid !== null}
        title="Reject a paid booking"
        cancelLabel="Keep booking"
        confirmLabel="Reject"
        onCancel={() => setRejectingPaid(null)}
        onConfirm={() => {
          if (rejectingPaid) onDecide?.(rejectingPaid._id, 'cancelled');
          setRejectingPaid(null);
        }}
      >
        {rejectingPaid &&
          `${(rejectingPaid.userDetails?.username ?? rejectingPaid.username) || 'The user'} has paid ${formatMoney(rejectingPaid.amount, rejectingPaid.currency)} for ${rejectingPaid.serviceName}. Rejecting cancels the booking and frees the slot; the payment is not refunded automatically, so refund it with the payment provider.`}
      </ConfirmDialog>
    </Panel>
  );
}
