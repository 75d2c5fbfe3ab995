import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { canOpenRoute } from '@appointment/contracts/roles';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { DeleteTimeSlotDialog } from '../components/delete-time-slot-dialog';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { SlotCalendar } from '../../../ui/slot-calendar/slot-calendar';
import { Button, SecondaryButton } from '../../../ui/button.styles';
import { AvailabilityDialog } from '../components/availability-dialog';
import { Modal } from '../../../ui/modal';
import {
  Chip,
  Chips,
  ErrorNotice,
  PageHeader,
  SectionTitle,
  Title,
  Toolbar,
} from '../components/scheduling.styles';
import { TimeSlotFormFields } from '../components/time-slot-form';
import { TimeSlotList } from '../components/time-slot-list';
import { WaitlistSection } from '../components/waitlist-section';
import { TimeOffSection } from '../components/time-off-section';
import { readStatusOf } from '../../../lib/api';
import { useBookingPolicyQuery, useOwnServicesQuery } from '../../../lib/provider-services.api';
import { MESSAGES } from '@appointment/contracts/messages';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { useSchedulingSelector } from '../scheduling.hooks';
import { useTimeSlotsQuery } from '../scheduling.api';
import {
  availabilityOpened,
  scheduleManagementOpened,
  selectSchedulingFilter,
  selectTimeSlotForm,
  serviceFilterChosen,
  timeSlotEditOpened,
  timeSlotFormClosed,
  timeSlotFormOpened,
} from '../scheduling.slice';

/** docs/product.md §2.8 Schedule Management: time slots by service, the Create Time Slot form and availability. */
export function ScheduleManagementPage() {
  const dispatch = useAppDispatch();
  const { texts } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const T = texts.management;
  const role = useAppSelector(selectRole);
  const filter = useSchedulingSelector(selectSchedulingFilter);
  const slotForm = useSchedulingSelector(selectTimeSlotForm);
  // Each opening reads the services and the time slots again.
  const servicesQuery = useOwnServicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const slotsQuery = useTimeSlotsQuery(filter, { refetchOnMountOrArgChange: true });
  const services = servicesQuery.currentData ?? [];
  const slots = slotsQuery.currentData ?? [];
  // Issue 30: the buffer after each appointment counts in the form's proposed intervals.
  const policyQuery = useBookingPolicyQuery(undefined, { refetchOnMountOrArgChange: true });
  const bufferMinutes = policyQuery.currentData?.bufferMinutes ?? 0;
  const [deleting, setDeleting] = useState<TimeSlot | null>(null);

  useEffect(() => {
    dispatch(scheduleManagementOpened());
  }, [dispatch]);

  return (
    <section aria-labelledby="schedule-title">
      <PageHeader>
        <Title id="schedule-title">{T.title}</Title>
        <Toolbar>
          {canOpenRoute(role ?? undefined, '/scheduling/templates') && (
            <SecondaryButton as={Link} to="/scheduling/templates">
              {T.templates}
            </SecondaryButton>
          )}
          <SecondaryButton type="button" onClick={() => dispatch(availabilityOpened())}>
            {T.manageAvailability}
          </SecondaryButton>
          <Button type="button" onClick={() => dispatch(timeSlotFormOpened(undefined))}>
            {T.addTimeSlot}
          </Button>
        </Toolbar>
      </PageHeader>

      <Chips role="group" aria-label={T.filterByService}>
        <Chip
          type="button"
          aria-pressed={filter === null}
          onClick={() => dispatch(serviceFilterChosen(null))}
        >
          {T.allServices}
        </Chip>
        {services.map((service) => (
          <Chip
            key={service._id}
            type="button"
            aria-pressed={filter === service.name}
            onClick={() => dispatch(serviceFilterChosen(service.name))}
          >
            {service.name}
          </Chip>
        ))}
      </Chips>

      {slotsQuery.isError && <ErrorNotice role="alert">{MESSAGES.timeSlotsLoadFailed}</ErrorNotice>}
      <SectionTitle id="time-slots-title">{T.timeSlots}</SectionTitle>
      <TimeSlotList
        labelledBy="time-slots-title"
        slots={slots}
        status={readStatusOf(slotsQuery)}
        onEdit={(slot) => dispatch(timeSlotEditOpened(slot))}
        onDelete={setDeleting}
      />

      <SectionTitle id="calendar-title">{T.calendar}</SectionTitle>
      {/* docs/product.md §2.6 day clicks: an admin's opens the slot management for that day. */}
      <section aria-labelledby="calendar-title">
        <SlotCalendar
          timeslots={slots}
          timeZone={slots[0]?.timezone}
          role={role}
          onAdminDayClick={(date) => dispatch(timeSlotFormOpened({ date }))}
        />
      </section>

      <TimeOffSection />

      <WaitlistSection slots={slots} />

      <Modal
        open={slotForm.open}
        title={slotForm.editing ? texts.changes.editTitle : texts.slotForm.title}
        width="44rem"
        onClose={() => dispatch(timeSlotFormClosed())}
      >
        <TimeSlotFormFields
          services={services}
          servicesStatus={readStatusOf(servicesQuery)}
          saving={slotForm.saving}
          serverError={slotForm.error}
          serverFieldErrors={slotForm.fieldErrors}
          initialDate={slotForm.date}
          editing={slotForm.editing}
          affected={slotForm.affected}
          bufferMinutes={bufferMinutes}
        />
      </Modal>
      <DeleteTimeSlotDialog slot={deleting} onClose={() => setDeleting(null)} />
      <AvailabilityDialog />
    </section>
  );
}
