import { useNavigate, useParams } from 'react-router-dom';
import { can } from '@appointment/contracts/roles';
import { readStoredRole } from '../../../lib/session';
import { FormButton } from '../../../ui/form.styles';
import type { Provider, Service } from '@appointment/contracts/catalogue';
import { WEEKDAYS } from '@appointment/contracts/constants';
import { formatMoney } from '@appointment/contracts/money';
import { MESSAGES } from '@appointment/contracts/messages';
import { readStatusOf } from '../../../lib/api';
import { dayLabel } from '../../../ui/hours-editor';
import { useCrumbName } from '../../../ui/crumb-names';
import { ProviderImage } from '../components/provider-image';
import { StatusBadge } from '../components/status-badge';
import { useProviderDetailsQuery } from '../providers.queries';
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

const reviewsText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

function RatingLine({ provider }: { provider: Provider }) {
  const rated = provider.reviewCount > 0;
  return (
    <Rating>
      <Star aria-hidden="true">★</Star>
      {rated ? (
        <>
          <strong>{provider.rating.toFixed(1)}</strong>
          <RatingNote>({reviewsText(provider.reviewCount)})</RatingNote>
        </>
      ) : (
        <>
          <strong>New</strong>
          <RatingNote>No reviews yet</RatingNote>
        </>
      )}
    </Rating>
  );
}

function ServicesCard({ services }: { services: Service[] }) {
  return (
    <Card aria-labelledby="provider-services-title">
      <SectionTitle id="provider-services-title">Services</SectionTitle>
      {services.length === 0 ? (
        <Muted>No services listed.</Muted>
      ) : (
        <ServiceList aria-labelledby="provider-services-title">
          {services.map((service) => (
            <ServiceItem key={service._id}>
              <div>
                <ServiceName>{service.name}</ServiceName>
                {service.description && <Muted>{service.description}</Muted>}
              </div>
              <ServiceMeta>
                <span>{service.duration} minutes</span>
                <span>{formatMoney(service.price, service.currency)}</span>
              </ServiceMeta>
            </ServiceItem>
          ))}
        </ServiceList>
      )}
    </Card>
  );
}

function ProviderDetails({ provider, services }: { provider: Provider; services: Service[] }) {
  const navigate = useNavigate();
  // docs/product.md §2.8's Book Appointment: for whoever may book, it opens the booking screen here.
  const mayBook = can(readStoredRole().role, 'appointments.book') && provider.status === 'active';
  return (
    <>
      <Hero>
        <ProviderImage provider={provider} size="detail" />
        <HeroText>
          <Title id="provider-title">{provider.name}</Title>
          <Meta>
            <span>{provider.industry}</span>
            <StatusBadge status={provider.status} />
          </Meta>
          <RatingLine provider={provider} />
          {can(readStoredRole().role, 'history.view') && (
            // Issue 12: platform staff audit the provider's history from its detail.
            <BackLink to={`/providers/${encodeURIComponent(provider.id)}/history`}>History</BackLink>
          )}
          {mayBook && (
            <FormButton type="button" onClick={() => navigate('/appointments/book', { state: { provider } })}>
              Book Appointment
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
  return (
    <Card aria-labelledby="provider-contact-title">
      <SectionTitle id="provider-contact-title">Contact</SectionTitle>
      <Contact>
        <dt>Phone</dt>
        <dd>{provider.phone}</dd>
        <dt>Email</dt>
        <dd>{provider.email}</dd>
        <dt>Address</dt>
        <dd>{provider.address}</dd>
      </Contact>
    </Card>
  );
}

function AboutCard({ provider }: { provider: Provider }) {
  return (
    <Card aria-labelledby="provider-about-title">
      <SectionTitle id="provider-about-title">About</SectionTitle>
      {provider.description ? <p>{provider.description}</p> : <Muted>No description provided.</Muted>}
      <SubTitle>Specialties</SubTitle>
      {provider.specialties.length === 0 ? (
        <Muted>No specialties listed.</Muted>
      ) : (
        <Chips aria-label="Specialties">
          {provider.specialties.map((item) => (
            <Chip key={item}>{item}</Chip>
          ))}
        </Chips>
      )}
    </Card>
  );
}

/**
 * Issue 18: the hours shown are those the provider's time slots open in the next four weeks
 * (a weekday without any is closed), so the detail never says "Closed" on a day that can be
 * booked. Without the schedule's answer, the provider's stated working hours.
 */
function HoursCard({ provider }: { provider: Provider }) {
  const open = provider.openHours;
  return (
    <Card aria-labelledby="provider-hours-title">
      <SectionTitle id="provider-hours-title">Opening hours</SectionTitle>
      {open && open.length === 0 ? (
        <Muted>No time slots open in the next four weeks.</Muted>
      ) : (
        <Hours>
          {WEEKDAYS.map((day) => {
            const slots = open?.find((entry) => entry.day === day);
            const stated = provider.workingHours.find((entry) => entry.day === day);
            const text = open
              ? slots
                ? `${slots.opens} – ${slots.closes}`
                : 'Closed'
              : stated?.isAvailable
                ? `${stated.startTime} – ${stated.endTime}`
                : 'Closed';
            return (
              <div key={day}>
                <dt>{dayLabel(day)}</dt>
                <dd>{text}</dd>
              </div>
            );
          })}
        </Hours>
      )}
      {open && <Muted>As the provider&apos;s time slots of the next four weeks open.</Muted>}
    </Card>
  );
}

/** docs/product.md §2.8 Provider detail: the provider's details, hours and services. */
export function ProviderDetailsPage() {
  const { id = '' } = useParams();
  // Each opening reads the provider again.
  const detailQuery = useProviderDetailsQuery(id, { refetchOnMountOrArgChange: true });
  const details = detailQuery.currentData;
  useCrumbName(`/providers/${id}`, details?.provider.name);

  const loading = readStatusOf(detailQuery) === 'loading';
  return (
    <section aria-labelledby={details ? 'provider-title' : 'provider-page-title'}>
      {can(readStoredRole().role, 'appointments.book') ? (
        <BackLink to="/appointments/book">← Back to Book Appointment</BackLink>
      ) : (
        <BackLink to="/providers">← Back to Service Providers</BackLink>
      )}
      {details ? (
        <ProviderDetails provider={details.provider} services={details.services} />
      ) : (
        <>
          <Title id="provider-page-title">Provider Details</Title>
          <div role="status">{loading && <Notice>Loading provider information...</Notice>}</div>
          {detailQuery.isError && <ErrorNotice role="alert">{MESSAGES.providerLoadFailed}</ErrorNotice>}
        </>
      )}
    </section>
  );
}
