/** The signed-in person has not confirmed their address yet. */
export const VERIFY_EMAIL_TEXTS = {
  notice: 'Confirm your e-mail address to book appointments: open the link we sent to {{email}}.',
  resend: 'Resend verification e-mail',
  sending: 'Sending...',
};
