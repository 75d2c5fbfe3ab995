import { MESSAGES } from '@appointment/contracts/messages';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { useIndustriesQuery } from '../booking.api';
import { industrySelected, selectSelectedIndustry } from '../booking.slice';
import { Muted } from './booking.styles';
import { IndustryButton, IndustryIcon, IndustryList, Sidebar, SidebarTitle } from './industry-sidebar.styles';
import { MessageText } from '../../../ui/message-text';
import { useIndustryName } from '../../../ui/industry-name';

/** docs/product.md §2.6: the industries, each with its icon; the selected one lists its providers. */
export function IndustrySidebar() {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const industryName = useIndustryName();
  const selectedIndustry = useBookingSelector(selectSelectedIndustry);
  const { currentData, isError } = useIndustriesQuery();
  const industries = currentData ?? [];

  return (
    <Sidebar aria-labelledby="industries-title">
      <SidebarTitle id="industries-title">{T.industries}</SidebarTitle>
      {currentData === undefined && !isError ? (
        <Muted role="status">{T.loadingIndustries}</Muted>
      ) : industries.length === 0 ? (
        <Muted>
          <MessageText>{MESSAGES.noIndustries}</MessageText>
        </Muted>
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
                {industryName(industry.name)}
              </IndustryButton>
            </li>
          ))}
        </IndustryList>
      )}
    </Sidebar>
  );
}
