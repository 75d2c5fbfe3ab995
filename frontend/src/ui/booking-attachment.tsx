import { useCatalogue } from '../lib/catalogue';
import { BOOKING_ATTACHMENT_TEXTS } from './booking-attachment.texts';
import { Attachment, Note, NoteLabel, PictureLink, Thumbnail } from './booking-attachment.styles';

/** A picture's address the server gave: its own path, or an http(s) address; nothing else is linked. */
const isPictureAddress = (url: string): boolean => /^(\/(?!\/)|https?:\/\/)/i.test(url);

interface BookingAttachmentProps {
  note?: string | undefined;
  imageUrl?: string | undefined;
}

/**
 * The note and the picture a booker attached to a booking (issue 32), on the cards of the booker and
 * of the provider's staff: the note as written, the picture as a thumbnail that opens full size. The
 * picture is private: the browser sends the viewer's session, which the server checks.
 */
export function BookingAttachment({ note, imageUrl }: BookingAttachmentProps) {
  const { texts: T } = useCatalogue('bookingAttachment', BOOKING_ATTACHMENT_TEXTS);
  const picture = imageUrl && isPictureAddress(imageUrl) ? imageUrl : undefined;
  if (!note && !picture) return null;
  return (
    <Attachment>
      {note && (
        <Note>
          <NoteLabel>{T.note}:</NoteLabel> {note}
        </Note>
      )}
      {picture && (
        <PictureLink href={picture} target="_blank" rel="noopener noreferrer" aria-label={T.openPicture}>
          <Thumbnail src={picture} alt={T.picture} loading="lazy" />
        </PictureLink>
      )}
    </Attachment>
  );
}
