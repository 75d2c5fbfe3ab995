import { LogoMark } from './logo.styles';
import { CalendarIcon } from './icons';

export function Logo() {
  return (
    <LogoMark role="img" aria-label="Appointment logo">
      <CalendarIcon width={22} height={22} />
    </LogoMark>
  );
}
