import { useId } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { formatPrice } from '../../../lib/locale-format';
import { SecondaryButton } from '../../../ui/button.styles';
import { SERVICES_TEXTS } from '../services.texts';
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
  const { texts, t } = useCatalogue('services', SERVICES_TEXTS);
  const T = texts.card;

  return (
    <Card aria-labelledby={nameId}>
      <Name id={nameId}>{service.name}</Name>
      {service.description && <Description>{service.description}</Description>}
      <Facts>
        <dt>{T.duration}</dt>
        <dd>{t('card.minutes', { count: service.duration })}</dd>
        <dt>{T.price}</dt>
        <dd>{formatPrice(service.price, service.currency)}</dd>
      </Facts>
      <Badges>
        <Badge $tone={service.isPaymentNeeded ? 'warning' : 'success'}>
          {service.isPaymentNeeded ? T.paymentRequired : T.free}
        </Badge>
        <Badge $tone={service.automaticBooking ? 'primary' : 'muted'}>
          {service.automaticBooking ? T.automaticBooking : T.manualBooking}
        </Badge>
      </Badges>
      {mayManage && (
        <CardActions>
          <SecondaryButton
            type="button"
            aria-label={t('card.editNamed', { name: service.name })}
            onClick={() => dispatch(editServiceClicked(service._id))}
          >
            {T.edit}
          </SecondaryButton>
          <DangerOutlineButton
            type="button"
            aria-label={t('card.deleteNamed', { name: service.name })}
            onClick={() => dispatch(deleteServiceClicked(service._id))}
          >
            {T.delete}
          </DangerOutlineButton>
        </CardActions>
      )}
    </Card>
  );
}
