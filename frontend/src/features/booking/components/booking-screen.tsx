import { useEffect, useRef } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { formatMoney } from '@appointment/contracts/money';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import type { ChosenSlot } from '@appointment/contracts/booking';
import { chooseDaySlot, chooseFirstSlot } from '../../../ui/slot-calendar/slot.format';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import {
  bookingModeChanged,
  dayChosen,
  providerClosed,
  selectBooking,
  serviceChosen,
  slotChosen,
} from '../booking.slice';
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
  return (
    <ServiceButton type="button" aria-pressed={selected} onClick={() => onChoose(service.name)}>
      <ServiceName>{service.name}</ServiceName>
      <ServiceMeta>
        {service.duration} min · {formatMoney(service.price, service.currency)}
      </ServiceMeta>
    </ServiceButton>
  );
}

/** docs/product.md §2.6 booking screen "Select Time & Service", shown in place of the provider list. */
export function BookingScreen() {
  const dispatch = useAppDispatch();
  const {
    selectedProvider,
    services,
    servicesStatus,
    servicesError,
    selectedService,
    slots,
    slotsStatus,
    slotsError,
    mode,
    selectedDay,
  } = useBookingSelector(selectBooking);
  const role = useAppSelector(selectRole);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const providerId = selectedProvider?.id;

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
        <BackButton type="button" onClick={() => dispatch(providerClosed())}>
          <span aria-hidden="true">←</span> {BOOKING_TEXTS.backToProviders}
        </BackButton>
        <div>
          <ProviderHeading id="booking-provider-title" ref={headingRef} tabIndex={-1}>
            {selectedProvider.name}
          </ProviderHeading>
          <Muted>
            {selectedProvider.industry} · {selectedProvider.address}
          </Muted>
        </div>
      </ScreenHeader>

      <StepTitle>{BOOKING_TEXTS.selectTimeAndService}</StepTitle>
      {servicesStatus === 'loading' ? (
        <Muted role="status">{BOOKING_TEXTS.loadingServices}</Muted>
      ) : servicesError ? (
        <ErrorNotice role="alert">{servicesError}</ErrorNotice>
      ) : services.length === 0 ? (
        <Muted>{BOOKING_TEXTS.noServices}</Muted>
      ) : (
        <ServiceRow role="group" aria-label={BOOKING_TEXTS.services}>
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

      {selectedService &&
        (slotsStatus === 'loading' ? (
          <Muted role="status">{BOOKING_TEXTS.loadingSlots}</Muted>
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
            role={role}
            selectedDay={selectedDay}
            onDayChosen={(day) => dispatch(dayChosen(day))}
            onSlotChosen={(slot) => open(chooseDaySlot(slot))}
            onSwitch={() => dispatch(bookingModeChanged('automatic'))}
          />
        ) : null)}
      <ConfirmBookingDialog />
    </Panel>
  );
}
