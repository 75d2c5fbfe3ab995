/** What a booker attached to a booking (docs/product.md §2.6 "Add Note"), on its cards. */
export const BOOKING_ATTACHMENT_TEXTS = {
  note: 'Note',
  picture: 'Picture attached to the booking',
  openPicture: 'Open the picture full size',
};
