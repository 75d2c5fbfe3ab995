import { MESSAGES } from '@appointment/contracts/messages';
import { useAppDispatch } from '../../../lib/hooks';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { industrySelected, selectBooking } from '../booking.slice';
import { Muted } from './booking.styles';
import { IndustryButton, IndustryIcon, IndustryList, Sidebar, SidebarTitle } from './industry-sidebar.styles';

/** docs/product.md §2.6: the industries, each with its icon; the selected one lists its providers. */
export function IndustrySidebar() {
  const dispatch = useAppDispatch();
  const { industries, industriesStatus, selectedIndustry } = useBookingSelector(selectBooking);

  return (
    <Sidebar aria-labelledby="industries-title">
      <SidebarTitle id="industries-title">{BOOKING_TEXTS.industries}</SidebarTitle>
      {industriesStatus === 'loading' || industriesStatus === 'idle' ? (
        <Muted role="status">{BOOKING_TEXTS.loadingIndustries}</Muted>
      ) : industries.length === 0 ? (
        <Muted>{MESSAGES.noIndustries}</Muted>
      ) : (
        <IndustryList>
          {industries.map((industry) => (
            <li key={industry.id}>
              <IndustryButton
                type="button"
                aria-pressed={industry.name === selectedIndustry}
                onClick={() => dispatch(industrySelected(industry.name))}
              >
                <IndustryIcon aria-hidden="true">{industry.icon}</IndustryIcon>
                {industry.name}
              </IndustryButton>
            </li>
          ))}
        </IndustryList>
      )}
    </Sidebar>
  );
}
