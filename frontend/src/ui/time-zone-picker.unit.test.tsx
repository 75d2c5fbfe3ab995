import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { setProfileTimeZone, viewerTimeZone } from '../lib/locale-format';
import { themes } from './theme';
import { TimeZonePicker, zoneOptions } from './time-zone-picker';
import { ViewerTime } from './viewer-time';

afterEach(() => {
  cleanup();
  setProfileTimeZone(undefined);
});

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function Picker({ initial }: { initial: string }) {
  const [zone, setZone] = useState(initial);
  return (
    <ThemeProvider theme={themes.light}>
      <TimeZonePicker id="zone" value={zone} onChange={setZone} />
      <output data-testid="chosen">{zone}</output>
    </ThemeProvider>
  );
}

describe('the time zone picker (issue 30)', () => {
  it('offers every IANA zone, and keeps the chosen one listed whatever the search', () => {
    expect(zoneOptions('', 'America/New_York').length).toBeGreaterThan(300);
    expect(zoneOptions('madrid', 'America/New_York')).toEqual(['America/New_York', 'Europe/Madrid']);
    expect(zoneOptions('madrid', 'Europe/Madrid')).toEqual(['Europe/Madrid']);
  });

  it('finds Asia/Kolkata by typing and chooses it', () => {
    render(<Picker initial="America/New_York" />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search zones' }), {
      target: { value: 'Kolkata' },
    });
    const list = screen.getByRole('combobox');
    expect([...list.querySelectorAll('option')].map((option) => option.value)).toEqual([
      'America/New_York',
      'Asia/Kolkata',
    ]);
    fireEvent.change(list, { target: { value: 'Asia/Kolkata' } });
    expect(screen.getByTestId('chosen').textContent).toBe('Asia/Kolkata');
  });
});

describe('"Your time" (issue 30)', () => {
  // 10:00 in Houston on 24 November 2026.
  const slot = {
    start: '2026-11-24T16:00:00.000Z',
    end: '2026-11-24T16:30:00.000Z',
    timeZone: 'America/Chicago',
  };

  it("is the device's zone while the profile has none, and the profile's once chosen", () => {
    expect(viewerTimeZone()).toBe(deviceZone);
    setProfileTimeZone('Asia/Kolkata');
    expect(viewerTimeZone()).toBe('Asia/Kolkata');
    // A zone this runtime does not know is no zone.
    setProfileTimeZone('Mars/Olympus');
    expect(viewerTimeZone()).toBe(deviceZone);
  });

  it('writes the times on the clock of the zone chosen on the profile', () => {
    setProfileTimeZone('Asia/Kolkata');
    render(
      <ThemeProvider theme={themes.light}>
        <ViewerTime {...slot} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('viewer-time').textContent).toBe(
      'Your time (Asia/Kolkata): Tuesday, November 24, 2026, 9:30 PM - 10:00 PM',
    );
  });
});
