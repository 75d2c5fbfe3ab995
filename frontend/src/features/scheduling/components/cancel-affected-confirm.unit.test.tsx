import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { themes } from '../../../ui/theme';
import { CancelAffectedConfirm } from './cancel-affected-confirm';

beforeAll(() => {
  // jsdom has <dialog> but not its modal opening and closing.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(cleanup);

const affected = ['Ann, 25 November 10:00', 'Bob, 25 November 10:30'];

const renderWith = (lines: string[], onConfirm: () => void, role?: 'alert') =>
  render(
    <ThemeProvider theme={themes.light}>
      <CancelAffectedConfirm affected={lines} onConfirm={onConfirm} role={role} />
    </ThemeProvider>,
  );

describe('cancelling the bookings a time slot change would drop (issue 30)', () => {
  it('shows nothing while no booking is affected', () => {
    renderWith([], vi.fn());
    expect(screen.queryByText('These bookings hold a place:')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the affected bookings' })).toBeNull();
  });

  it('names the bookings, and sends again only once the cancelling is confirmed', () => {
    const onConfirm = vi.fn();
    renderWith(affected, onConfirm, 'alert');
    const notice = screen.getByRole('alert', { name: 'These bookings hold a place:' });
    expect([...notice.querySelectorAll('li')].map((item) => item.textContent)).toEqual(affected);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the affected bookings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Cancel them and go on' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the affected bookings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel them and go on' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Cancel them and go on' })).toBeNull();
  });

  it('is no alert where something else announces the refusal', () => {
    renderWith(affected, vi.fn());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('These bookings hold a place:')).toBeTruthy();
  });
});
