import { bookingFormData, bookingFormFor, type ChosenSlot } from '@appointment/contracts/booking';
import type { Service } from '@appointment/contracts/catalogue';

export interface BookingFormInput {
  providerId: string;
  serviceName: string;
  slot: ChosenSlot;
  /** The chosen service as listed, for its flags; absent if the list no longer has it. */
  service: Service | undefined;
  note: string;
  image: File | null;
}

/**
 * docs/product.md §3 booking form, multipart: the chosen slot, the service's flags, the note and
 * image. Built in the confirm dialog, which holds the file, so no file ever rides in an action.
 */
export const bookingForm = ({
  providerId,
  serviceName,
  slot,
  service,
  note,
  image,
}: BookingFormInput): FormData =>
  bookingFormData(
    bookingFormFor({ providerId, serviceName, slot, service, note }),
    image ? { blob: image, name: image.name } : undefined,
  );
