import { useNavigate, useParams } from 'react-router-dom';
import { can } from '@appointment/contracts/roles';
import { readStoredRole } from '../../../lib/session';
import { FormButton } from '../../../ui/form.styles';
import type { Provider, Service } from '@appointment/contracts/catalogue';
import { WEEKDAYS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { readStatusOf } from '../../../lib/api';
import { useCatalogue } from '../../../lib/catalogue';
import { formatDecimal, formatPrice } from '../../../lib/locale-format';
import { dayLabel } from '../../../ui/hours-editor';
import { HOURS_EDITOR_TEXTS } from '../../../ui/hours-editor.texts';
import { useCrumbName } from '../../../ui/crumb-names';
import { ProviderImage } from '../components/provider-image';
import { StatusBadge } from '../components/status-badge';
import { useProviderDetailsQuery } from '../providers.api';
import { PROVIDERS_TEXTS } from '../providers.texts';
import {
  BackLink,
  Card,
  Chip,
  Chips,
  Contact,
  ErrorNotice,
  Column,
  Columns,
  Hero,
  HeroText,
  Hours,
  Meta,
  Muted,
  Notice,
  Rating,
  RatingNote,
  SectionTitle,
  SubTitle,
  ServiceItem,
  ServiceList,
  ServiceMeta,
  ServiceName,
  Star,
  Title,
} from './provider-details-page.styles';
import { MessageText } from '../../../ui/message-text';

const useTexts = () => {
  const { texts, t } = useCatalogue('providers', PROVIDERS_TEXTS);
  return { T: texts.detail, t, industries: texts.industries };
};

function RatingLine({ provider }: { provider: Provider }) {
  const { T, t } = useTexts();
  const rated = provider.reviewCount > 0;
  return (
    <Rating>
      <Star aria-hidden="true">★</Star>
      {rated ? (
        <>
          <strong>{formatDecimal(provider.rating, 1)}</strong>
          <RatingNote>({t('detail.reviews', { count: provider.reviewCount })})</RatingNote>
        </>
      ) : (
        <>
          <strong>{T.isNew}</strong>
          <RatingNote>{T.noReviews}</RatingNote>
        </>
      )}
    </Rating>
  );
}

function ServicesCard({ services }: { services: Service[] }) {
  const { T, t } = useTexts();
  return (
    <Card aria-labelledby="provider-services-title">
      <SectionTitle id="provider-services-title">{T.services}</SectionTitle>
      {services.length === 0 ? (
        <Muted>{T.noServices}</Muted>
      ) : (
        <ServiceList aria-labelledby="provider-services-title">
          {services.map((service) => (
            <ServiceItem key={service._id}>
              <div>
                <ServiceName>{service.name}</ServiceName>
                {service.description && <Muted>{service.description}</Muted>}
              </div>
              <ServiceMeta>
                <span>{t('detail.minutes', { count: service.duration })}</span>
                <span>{formatPrice(service.price, service.currency)}</span>
              </ServiceMeta>
            </ServiceItem>
          ))}
        </ServiceList>
      )}
    </Card>
  );
}

function ProviderDetails({ provider, services }: { provider: Provider; services: Service[] }) {
  // The data router's navigate answers a promise that settles once the next screen is shown and
  // never rejects (a failing loader shows the error page): a click voids it.
  const navigate = useNavigate();
  const { T, industries } = useTexts();
  // docs/product.md §2.8's Book Appointment: for whoever may book, it opens the booking screen here.
  const mayBook = can(readStoredRole().role, 'appointments.book') && provider.status === 'active';
  return (
    <>
      <Hero>
        <ProviderImage provider={provider} size="detail" />
        <HeroText>
          <Title id="provider-title">{provider.name}</Title>
          <Meta>
            <span>{industries[provider.industry as keyof typeof industries] ?? provider.industry}</span>
            <StatusBadge status={provider.status} />
          </Meta>
          <RatingLine provider={provider} />
          {can(readStoredRole().role, 'history.view') && (
            // Platform staff audit the provider's history from its detail.
            <BackLink to={`/providers/${encodeURIComponent(provider.id)}/history`}>{T.history}</BackLink>
          )}
          {mayBook && (
            <FormButton
              type="button"
              onClick={() => void navigate('/appointments/book', { state: { provider } })}
            >
              {T.bookAppointment}
            </FormButton>
          )}
        </HeroText>
      </Hero>
      <Columns>
        <Column>
          <AboutCard provider={provider} />
          <ServicesCard services={services} />
        </Column>
        <Column>
          <ContactCard provider={provider} />
          <HoursCard provider={provider} />
        </Column>
      </Columns>
    </>
  );
}

function ContactCard({ provider }: { provider: Provider }) {
  const { T } = useTexts();
  return (
    <Card aria-labelledby="provider-contact-title">
      <SectionTitle id="provider-contact-title">{T.contact}</SectionTitle>
      <Contact>
        <dt>{T.phone}</dt>
        <dd>{provider.phone}</dd>
        <dt>{T.email}</dt>
        <dd>{provider.email}</dd>
        <dt>{T.address}</dt>
        <dd>{provider.address}</dd>
      </Contact>
    </Card>
  );
}

function AboutCard({ provider }: { provider: Provider }) {
  const { T } = useTexts();
  return (
    <Card aria-labelledby="provider-about-title">
      <SectionTitle id="provider-about-title">{T.about}</SectionTitle>
      {provider.description ? <p>{provider.description}</p> : <Muted>{T.noDescription}</Muted>}
      <SubTitle>{T.specialties}</SubTitle>
      {provider.specialties.length === 0 ? (
        <Muted>{T.noSpecialties}</Muted>
      ) : (
        <Chips aria-label={T.specialties}>
          {provider.specialties.map((item) => (
            <Chip key={item}>{item}</Chip>
          ))}
        </Chips>
      )}
    </Card>
  );
}

/**
 * The hours shown are those the provider's time slots open in the next four weeks (a weekday
 * without any is closed), so the detail never says "Closed" on a day that can be booked. Without
 * the schedule's answer, the provider's stated working hours.
 */
function HoursCard({ provider }: { provider: Provider }) {
  const { T } = useTexts();
  const days = useCatalogue('hoursEditor', HOURS_EDITOR_TEXTS).texts.days;
  const open = provider.openHours;
  return (
    <Card aria-labelledby="provider-hours-title">
      <SectionTitle id="provider-hours-title">{T.openingHours}</SectionTitle>
      {open && open.length === 0 ? (
        <Muted>{T.noOpenSlots}</Muted>
      ) : (
        <Hours>
          {WEEKDAYS.map((day) => {
            const slots = open?.find((entry) => entry.day === day);
            const stated = provider.workingHours.find((entry) => entry.day === day);
            const text = open
              ? slots
                ? `${slots.opens} – ${slots.closes}`
                : T.closed
              : stated?.isAvailable
                ? `${stated.startTime} – ${stated.endTime}`
                : T.closed;
            return (
              <div key={day}>
                <dt>{days[day] ?? dayLabel(day)}</dt>
                <dd>{text}</dd>
              </div>
            );
          })}
        </Hours>
      )}
      {open && <Muted>{T.hoursNote}</Muted>}
    </Card>
  );
}

/** docs/product.md §2.8 Provider detail: the provider's details, hours and services. */
export function ProviderDetailsPage() {
  const { id = '' } = useParams();
  // Each opening reads the provider again.
  const { T } = useTexts();
  const detailQuery = useProviderDetailsQuery(id, { refetchOnMountOrArgChange: true });
  const details = detailQuery.currentData;
  useCrumbName(`/providers/${id}`, details?.provider.name);

  const loading = readStatusOf(detailQuery) === 'loading';
  return (
    <section aria-labelledby={details ? 'provider-title' : 'provider-page-title'}>
      {can(readStoredRole().role, 'appointments.book') ? (
        <BackLink to="/appointments/book">{T.backToBooking}</BackLink>
      ) : (
        <BackLink to="/providers">{T.backToProviders}</BackLink>
      )}
      {details ? (
        <ProviderDetails provider={details.provider} services={details.services} />
      ) : (
        <>
          <Title id="provider-page-title">{T.title}</Title>
          <div role="status">{loading && <Notice>{T.loading}</Notice>}</div>
          {detailQuery.isError && (
            <ErrorNotice role="alert">
              <MessageText>{MESSAGES.providerLoadFailed}</MessageText>
            </ErrorNotice>
          )}
        </>
      )}
    </section>
  );
}
