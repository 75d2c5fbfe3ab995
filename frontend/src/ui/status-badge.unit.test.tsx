import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { themes } from './theme';
import { StatusBadge } from './status-badge';

afterEach(cleanup);

describe('StatusBadge', () => {
  it('spells the cancelled state as the stored value and every other screen do (issue 32)', () => {
    render(
      <ThemeProvider theme={themes.light}>
        <StatusBadge status="cancelled" />
      </ThemeProvider>,
    );
    const badge = screen.getByText('cancelled');
    expect(badge.getAttribute('data-status')).toBe('cancelled');
  });
});
