import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { themes } from './theme';
import { BookingAttachment } from './booking-attachment';

afterEach(cleanup);

const show = (props: Parameters<typeof BookingAttachment>[0]) =>
  render(
    <ThemeProvider theme={themes.light}>
      <BookingAttachment {...props} />
    </ThemeProvider>,
  );

describe('BookingAttachment (issue 32)', () => {
  it('shows the note and the picture as a thumbnail linking to it full size', () => {
    show({ note: 'Second floor', imageUrl: '/uploads/private/a1.png' });
    expect(screen.getByText('Second floor')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open the picture full size' });
    expect(link.getAttribute('href')).toBe('/uploads/private/a1.png');
    expect(link.getAttribute('target')).toBe('_blank');
    const thumbnail = screen.getByRole('img', { name: 'Picture attached to the booking' });
    expect(thumbnail.getAttribute('src')).toBe('/uploads/private/a1.png');
  });

  it('links no address but its own paths and http(s), and shows nothing when nothing was attached', () => {
    show({ imageUrl: 'javascript:alert(1)' });
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    show({ imageUrl: '//elsewhere.example/a.png' });
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    const { container } = show({});
    expect(container.textContent).toBe('');
  });
});
