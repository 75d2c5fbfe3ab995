import { useId } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { formatMoney } from '@appointment/contracts/money';
import { useAppDispatch } from '../../../lib/hooks';
import { SecondaryButton } from '../../../ui/button.styles';

import { deleteServiceClicked, editServiceClicked } from '../services.slice';
import {
  Badge,
  Badges,
  Card,
  CardActions,
  DangerOutlineButton,
  Description,
  Facts,
  Name,
} from './service-card.styles';

interface ServiceCardProps {
  service: Service;
  /** Only admin may change services (docs/product.md §6, roles `services.manage`). */
  mayManage: boolean;
}

export function ServiceCard({ service, mayManage }: ServiceCardProps) {
  const nameId = useId();
  const dispatch = useAppDispatch();

  return (
    <Card aria-labelledby={nameId}>
      <Name id={nameId}>{service.name}</Name>
      {service.description && <Description>{service.description}</Description>}
      <Facts>
        <dt>Duration</dt>
        <dd>{service.duration} minutes</dd>
        <dt>Price</dt>
        <dd>{formatMoney(service.price, service.currency)}</dd>
      </Facts>
      <Badges>
        <Badge $tone={service.isPaymentNeeded ? 'warning' : 'success'}>
          {service.isPaymentNeeded ? 'Payment required' : 'Free'}
        </Badge>
        <Badge $tone={service.automaticBooking ? 'primary' : 'muted'}>
          {service.automaticBooking ? 'Automatic booking' : 'Manual booking'}
        </Badge>
      </Badges>
      {mayManage && (
        <CardActions>
          <SecondaryButton
            type="button"
            aria-label={`Edit ${service.name}`}
            onClick={() => dispatch(editServiceClicked(service._id))}
          >
            Edit
          </SecondaryButton>
          <DangerOutlineButton
            type="button"
            aria-label={`Delete ${service.name}`}
            onClick={() => dispatch(deleteServiceClicked(service._id))}
          >
            Delete
          </DangerOutlineButton>
        </CardActions>
      )}
    </Card>
  );
}
