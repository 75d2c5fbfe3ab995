import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ViewerTime } from '../../../ui/viewer-time';
import { useFilePreview } from '../../../ui/use-file-preview';
import { useCatalogue } from '../../../lib/catalogue';
import { currentLanguage, formatPrice, formatZoned } from '../../../lib/locale-format';
import { formatIn, type ChosenSlot } from '@appointment/contracts/booking';
import { FORMATS } from '@appointment/contracts/constants';
import type { Service } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { SmallButton } from '../../../ui/button.styles';
import {
  Field,
  FieldError,
  Form,
  FormButton,
  FormError,
  FormSecondaryButton,
  Input,
  Label,
} from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal.styles';
import { useBookingSelector } from '../booking.hooks';
import { bookingForm } from '../booking.form';
import type { RescheduleTarget } from '../../../lib/events';
import { useBookMutation, useBookSeriesMutation, useRescheduleAppointmentMutation } from '../booking.api';
import { SeriesSection, type Repeat } from './series-section';
import {
  bookingSubmitted,
  confirmClosed,
  selectConfirm,
  selectReschedule,
  selectSelectedService,
} from '../booking.slice';
import { BOOKING_TEXTS, confirmText, priceText } from '../booking.texts';
import { AddNoteRow, ConfirmText, NoteArea, Preview } from './confirm-booking-dialog.styles';
import { whenText } from './reschedule-banner';

const isImage = (file: File): boolean => file.type.startsWith('image/');

function ConfirmForm({
  providerId,
  service,
  priced,
  slot,
  idempotencyKey,
  submitting,
  error,
  textId,
}: {
  textId: string;
  providerId: string;
  idempotencyKey: string;
  service: string;
  /** The chosen service as listed, for its price; absent if the list no longer has it. */
  priced: Service | undefined;
  slot: ChosenSlot;
  submitting: boolean;
  error: string | null;
}) {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const [book] = useBookMutation();
  const [bookSeries] = useBookSeriesMutation();
  // Issue 31: Repeat, offered where the service allows it.
  const [repeat, setRepeat] = useState<Repeat | null>(null);
  const first = {
    providerId,
    servicename: service,
    timeslotId: slot._id,
    date: slot.date,
    ...(slot.index !== null ? { index: slot.index } : {}),
  };
  const noteId = useId();
  const imageId = useId();
  const imageErrorId = useId();
  const [showNote, setShowNote] = useState(false);
  const [note, setNote] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const { preview: previewImage, urlOf } = useFilePreview();
  const preview = urlOf(image);
  const fileRef = useRef<HTMLInputElement>(null);

  const english = currentLanguage() === 'en';
  const zoned = (iso: string, what: 'longDate' | 'time'): string | null =>
    english || !slot.timezone ? null : formatZoned(iso, slot.timezone, what);
  const date =
    zoned(slot.startDateTime, 'longDate') ??
    formatIn(slot.startDateTime, slot.timezone, FORMATS.longDate) ??
    slot.date;
  const start = zoned(slot.startDateTime, 'time') ?? slot.formattedStartTime;
  const end = zoned(slot.endDateTime, 'time') ?? slot.formattedEndTime;

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !isImage(file)) {
      setImage(null);
      previewImage(null);
      setImageError(MESSAGES.invalidImage);
      event.target.value = '';
      return;
    }
    setImageError(null);
    setImage(file);
    previewImage(file);
  };

  const clearImage = () => {
    setImage(null);
    previewImage(null);
    setImageError(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  /** The series, all of it or its free occurrences only; the booking saga takes the answer. */
  const submitSeries = (chosen: Repeat, freeOnly: boolean) => {
    dispatch(bookingSubmitted());
    void bookSeries({
      form: {
        ...first,
        ...chosen,
        ...(showNote && note.trim() ? { note } : {}),
        ...(freeOnly ? { freeOnly: true } : {}),
      },
      idempotencyKey,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (repeat) {
      submitSeries(repeat, false);
      return;
    }
    // The form (and its file) goes straight to the request; the booking saga takes the answer.
    const form = bookingForm({
      providerId,
      serviceName: service,
      slot,
      service: priced,
      note: showNote ? note : '',
      image: showNote ? image : null,
    });
    dispatch(bookingSubmitted());
    void book({ form, idempotencyKey });
  };

  return (
    <Form onSubmit={submit} noValidate>
      <ConfirmText id={textId}>{confirmText(service, date, start, end)}</ConfirmText>
      {slot.timezone && (
        <ViewerTime start={slot.startDateTime} end={slot.endDateTime} timeZone={slot.timezone} />
      )}
      {priced && (
        <ConfirmText>
          {priceText(formatPrice(priced.price, priced.currency), priced.isPaymentNeeded)}
        </ConfirmText>
      )}
      {priced?.allowRecurring && (
        <SeriesSection
          booking={first}
          repeat={repeat}
          onChange={setRepeat}
          submitting={submitting}
          onBookFreeOnly={() => repeat && !submitting && submitSeries(repeat, true)}
          timezone={slot.timezone}
        />
      )}
      {repeat && priced?.isPaymentNeeded && <ConfirmText>{T.series.paidEach}</ConfirmText>}
      {!showNote ? (
        <AddNoteRow>
          <SmallButton type="button" onClick={() => setShowNote(true)}>
            {T.addNote}
          </SmallButton>
        </AddNoteRow>
      ) : (
        <>
          <Field>
            <Label htmlFor={noteId}>{T.note}</Label>
            <NoteArea
              id={noteId}
              value={note}
              maxLength={2000}
              placeholder={T.notePlaceholder}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
            />
          </Field>
          <Field>
            <Label htmlFor={imageId}>{T.image}</Label>
            <Input
              ref={fileRef}
              id={imageId}
              type="file"
              accept="image/*"
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? imageErrorId : undefined}
              onChange={pickImage}
            />
            {imageError && (
              <FieldError id={imageErrorId} role="alert">
                {imageError}
              </FieldError>
            )}
            {preview && (
              <>
                <Preview src={preview} alt={T.imagePreview} />
                <AddNoteRow>
                  <SmallButton type="button" onClick={clearImage}>
                    {T.removeImage}
                  </SmallButton>
                </AddNoteRow>
              </>
            )}
          </Field>
        </>
      )}
      <DialogEnd
        error={error}
        submitting={submitting}
        label={repeat ? t('series.bookAll', { count: repeat.count }) : T.submit}
        busyLabel={T.processing}
      />
    </Form>
  );
}

/** The dialog's error line, Cancel and its submit button (busy while it is sent). */
function DialogEnd({
  error,
  submitting,
  label,
  busyLabel,
}: {
  error: string | null;
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  return (
    <>
      {error && <FormError role="alert">{error}</FormError>}
      <ModalActions>
        <FormSecondaryButton type="button" disabled={submitting} onClick={() => dispatch(confirmClosed())}>
          {T.cancel}
        </FormSecondaryButton>
        <FormButton type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? busyLabel : label}
        </FormButton>
      </ModalActions>
    </>
  );
}

/**
 * Moving a booking (issue 29): where it is and where it goes, then "Move appointment". No note and
 * no payment: the booking keeps its own, and its payment moves with it.
 */
function RescheduleForm({
  target,
  slot,
  idempotencyKey,
  submitting,
  error,
  textId,
}: {
  target: RescheduleTarget;
  slot: ChosenSlot;
  idempotencyKey: string;
  submitting: boolean;
  error: string | null;
  textId: string;
}) {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const [reschedule] = useRescheduleAppointmentMutation();
  // The provider's admin moves someone else's booking: asked about it by whose it is.
  const role = useAppSelector(selectRole);
  const forBooker = role !== 'user' && target.email !== undefined;
  // Issue 31: the booker of a series' occurrence may take the following ones along.
  const [following, setFollowing] = useState(false);
  const from = whenText(target.startDateTime, target.endDateTime, target.timezone);
  const to = whenText(slot.startDateTime, slot.endDateTime, slot.timezone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // The booking saga takes the answer, as it does a booking's.
    dispatch(bookingSubmitted());
    void reschedule({
      appointmentId: target.appointmentId,
      timeslotId: slot._id,
      ...(slot.index !== null ? { index: slot.index } : {}),
      idempotencyKey,
      ...(following ? { following } : {}),
    });
  };

  return (
    <Form onSubmit={submit} noValidate>
      <div id={textId}>
        <ConfirmText>
          {forBooker
            ? t('reschedule.questionFor', { service: target.serviceName, email: target.email })
            : t('reschedule.question', { service: target.serviceName })}
        </ConfirmText>
        <ConfirmText>{t('reschedule.fromTo', { from, to })}</ConfirmText>
      </div>
      {forBooker && <ConfirmText>{T.reschedule.bookerTold}</ConfirmText>}
      {slot.timezone && (
        <ViewerTime start={slot.startDateTime} end={slot.endDateTime} timeZone={slot.timezone} />
      )}
      <ConfirmText>{T.reschedule.paymentMoves}</ConfirmText>
      {target.series && role === 'user' && (
        <label>
          <input
            type="checkbox"
            checked={following}
            onChange={(event) => setFollowing(event.target.checked)}
          />{' '}
          {T.reschedule.following}
        </label>
      )}
      <DialogEnd
        error={error}
        submitting={submitting}
        label={T.reschedule.confirm}
        busyLabel={T.reschedule.moving}
      />
    </Form>
  );
}

/**
 * docs/product.md §2.6 "Confirm Booking": the chosen slot, an optional note and image, Submit and
 * Cancel; or, while a booking is being moved, its move from the old place to the chosen one.
 */
export function ConfirmBookingDialog({ providerId, services }: { providerId: string; services: Service[] }) {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const confirm = useBookingSelector(selectConfirm);
  const selectedService = useBookingSelector(selectSelectedService);
  const reschedule = useBookingSelector(selectReschedule);
  const priced = services.find((service) => service.name === selectedService);
  const textId = useId();

  return (
    <Modal
      open={confirm !== null}
      title={reschedule ? T.reschedule.title : T.confirmTitle}
      width="32rem"
      describedBy={textId}
      onClose={() => dispatch(confirmClosed())}
    >
      {confirm && reschedule && (
        <RescheduleForm
          key={confirm.idempotencyKey}
          textId={textId}
          target={reschedule}
          slot={confirm.slot}
          idempotencyKey={confirm.idempotencyKey}
          submitting={confirm.submitting}
          error={confirm.error}
        />
      )}
      {confirm && !reschedule && selectedService && (
        <ConfirmForm
          key={confirm.idempotencyKey}
          textId={textId}
          providerId={providerId}
          idempotencyKey={confirm.idempotencyKey}
          service={selectedService}
          priced={priced}
          slot={confirm.slot}
          submitting={confirm.submitting}
          error={confirm.error}
        />
      )}
    </Modal>
  );
}
