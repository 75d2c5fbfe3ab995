import { useEffect, useRef } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import type { Service } from '@appointment/contracts/catalogue';
import { formatPrice } from '../../../lib/locale-format';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import type { ChosenSlot } from '@appointment/contracts/booking';
import { chooseDaySlot, chooseFirstSlot } from '../../../ui/slot-calendar/slot.format';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES } from '@appointment/contracts/messages';
import { useProviderServicesQuery, useSlotsQuery } from '../booking.api';
import {
  bookingModeChanged,
  dayChosen,
  providerClosed,
  selectBookingMode,
  selectPlaceRefusal,
  selectReschedule,
  selectSelectedDay,
  selectSelectedProvider,
  selectSelectedService,
  serviceChosen,
  slotChosen,
} from '../booking.slice';
import { useIndustryName } from '../../../ui/industry-name';
import { AutomaticSlot } from './automatic-slot';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import { ErrorNotice, Muted, Panel } from './booking.styles';
import {
  BackButton,
  ProviderHeading,
  ScreenHeader,
  ServiceButton,
  ServiceMeta,
  ServiceName,
  ServiceRow,
  StepTitle,
} from './booking-screen.styles';
import { ManualSlotPicker } from './manual-slot-picker';

function ServiceChoice({
  service,
  selected,
  onChoose,
}: {
  service: Service;
  selected: boolean;
  onChoose: (name: string) => void;
}) {
  const { t } = useCatalogue('booking', BOOKING_TEXTS);
  return (
    <ServiceButton type="button" aria-pressed={selected} onClick={() => onChoose(service.name)}>
      <ServiceName>{service.name}</ServiceName>
      <ServiceMeta>
        {t('duration', { count: service.duration })} · {formatPrice(service.price, service.currency)}
      </ServiceMeta>
    </ServiceButton>
  );
}

/** docs/product.md §2.6 booking screen "Select Time & Service", shown in place of the provider list. */
export function BookingScreen() {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const industryName = useIndustryName();
  const dispatch = useAppDispatch();
  const chosenProvider = useBookingSelector(selectSelectedProvider);
  const selectedService = useBookingSelector(selectSelectedService);
  const mode = useBookingSelector(selectBookingMode);
  const selectedDay = useBookingSelector(selectSelectedDay);
  const reschedule = useBookingSelector(selectReschedule);
  const placeRefusal = useBookingSelector(selectPlaceRefusal);
  // A booking being moved is picked a new place as its booker would, whoever moves it (issue 29).
  const role = useAppSelector(selectRole);
  const picker = reschedule ? 'user' : role;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const providerId = chosenProvider?.id;
  const servicesQuery = useProviderServicesQuery(providerId ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const slotsQuery = useSlotsQuery(
    providerId && selectedService ? { providerId, serviceName: selectedService } : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  // The provider as its services' answer has it, once that answer is in.
  const answered = servicesQuery.currentData;
  const selectedProvider = answered?.provider.id === providerId ? answered?.provider : chosenProvider;
  // A booking moves within its service: that one is shown, chosen.
  const services = (answered?.services ?? []).filter(
    (service) => !reschedule || service.name === reschedule.serviceName,
  );
  const servicesError = servicesQuery.isError ? MESSAGES.servicesLoadFailed : null;
  const slots = slotsQuery.currentData ?? null;
  const slotsError = slotsQuery.isError ? MESSAGES.slotsLoadFailed : null;

  // The screen replaces the list, so focus moves to its heading for keyboard and screen-reader users.
  useEffect(() => {
    headingRef.current?.focus();
  }, [providerId]);

  if (!selectedProvider) return null;

  const choose = (name: string) => dispatch(serviceChosen(name));
  const open = (slot: ChosenSlot | null) => {
    if (slot) dispatch(slotChosen(slot));
  };

  return (
    <Panel aria-labelledby="booking-provider-title">
      <ScreenHeader>
        {/* While a booking is being moved, its banner is the way out. */}
        {!reschedule && (
          <BackButton type="button" onClick={() => dispatch(providerClosed())}>
            <span aria-hidden="true">←</span> {T.backToProviders}
          </BackButton>
        )}
        <div>
          <ProviderHeading id="booking-provider-title" ref={headingRef} tabIndex={-1}>
            {selectedProvider.name}
          </ProviderHeading>
          <Muted>
            {industryName(selectedProvider.industry)} · {selectedProvider.address}
          </Muted>
        </div>
      </ScreenHeader>

      <StepTitle>{T.selectTimeAndService}</StepTitle>
      {servicesQuery.isFetching && !answered ? (
        <Muted role="status">{T.loadingServices}</Muted>
      ) : servicesError ? (
        <ErrorNotice role="alert">{servicesError}</ErrorNotice>
      ) : services.length === 0 ? (
        <Muted>{T.noServices}</Muted>
      ) : (
        <ServiceRow role="group" aria-label={T.services}>
          {services.map((service) => (
            <ServiceChoice
              key={service._id}
              service={service}
              selected={service.name === selectedService}
              onChoose={choose}
            />
          ))}
        </ServiceRow>
      )}

      {/* A lost race closed the dialog (issue 32); a move says it in its banner. */}
      {!reschedule && placeRefusal && <ErrorNotice role="alert">{placeRefusal}</ErrorNotice>}
      {selectedService &&
        (slotsQuery.isFetching && !slots ? (
          <Muted role="status">{T.loadingSlots}</Muted>
        ) : slotsError ? (
          <ErrorNotice role="alert">{slotsError}</ErrorNotice>
        ) : slots && mode === 'automatic' ? (
          <AutomaticSlot
            firstTimeslot={slots.firstTimeslot}
            onSwitch={() => dispatch(bookingModeChanged('manual'))}
            onBook={() => slots.firstTimeslot && open(chooseFirstSlot(slots.firstTimeslot))}
          />
        ) : slots ? (
          <ManualSlotPicker
            timeslots={slots.timeslots}
            timeZone={slots.timeslots[0]?.timezone ?? selectedProvider.timezone}
            role={picker}
            selectedDay={selectedDay}
            onDayChosen={(day) => dispatch(dayChosen(day))}
            onSlotChosen={(slot) => open(chooseDaySlot(slot))}
            onSwitch={() => dispatch(bookingModeChanged('automatic'))}
            serviceName={selectedService}
          />
        ) : null)}
      <ConfirmBookingDialog providerId={selectedProvider.id} services={services} />
    </Panel>
  );
}
