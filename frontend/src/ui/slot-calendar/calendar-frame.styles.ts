import styled from 'styled-components';

/** react-calendar's month view, drawn with the theme instead of the library's stylesheet. */
export const CalendarFrame = styled.div`
  .react-calendar {
    width: 100%;
    max-width: 28rem;
    padding: ${({ theme }) => theme.spacing.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.layout.radius};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }

  .react-calendar button {
    margin: 0;
    border: 0;
    font: inherit;
    color: inherit;
    background: none;
  }

  .react-calendar__month-view__weekdays {
    text-align: center;
    font-size: ${({ theme }) => theme.font.small};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  .react-calendar__month-view__weekdays abbr {
    text-decoration: none;
  }

  /* A day's name whole in its seventh of a phone's width ("Mon", not "Mo"): no side padding, and
     react-calendar's own overflow: hidden lifted (issue 32). */
  .react-calendar__month-view__weekdays__weekday {
    padding: ${({ theme }) => theme.spacing.xs} 0;
    overflow: visible !important;
  }

  .react-calendar__tile {
    position: relative;
    padding: ${({ theme }) => theme.spacing.sm} 0;
    border-radius: ${({ theme }) => theme.layout.radius};
    text-align: center;
    cursor: pointer;
  }

  .react-calendar__tile:enabled:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  .react-calendar__month-view__days__day--neighboringMonth {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  .react-calendar__tile:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }

  .react-calendar__tile--now {
    outline: 1px dashed ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }

  .react-calendar__tile.has-slots {
    background: ${({ theme }) => theme.colors.primarySoft};
    font-weight: 700;
  }

  .react-calendar__tile.has-slots::after {
    content: '';
    position: absolute;
    bottom: 0.2rem;
    left: 50%;
    width: 0.3rem;
    height: 0.3rem;
    margin-left: -0.15rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.success};
  }

  .react-calendar__tile--active,
  .react-calendar__tile--active.has-slots,
  .react-calendar__tile--active:enabled:hover {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;
