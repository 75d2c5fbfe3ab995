import { describe, expect, it } from 'vitest';
import type { Appointment } from '@appointment/contracts/appointments';
import { paymentConfirmed, statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';
import {
  appointmentListOpened,
  appointmentsReducer,
  initialAppointmentsState,
  selectUpdateError,
  selectUpdating,
} from './appointments.slice';

const appointment = { _id: 'a1', status: 'scheduled' } as Appointment;

describe('appointments slice', () => {
  it('marks an appointment busy while its status change is on its way, and frees it once changed', () => {
    const asked = appointmentsReducer(
      initialAppointmentsState,
      statusChangeRequested({ id: 'a1', status: 'scheduled' }),
    );
    expect(selectUpdating({ appointments: asked })).toEqual(['a1']);
    const changed = appointmentsReducer(asked, statusChanged(appointment));
    expect(selectUpdating({ appointments: changed })).toEqual([]);
  });

  it('keeps the error of a refused change until the list or the page opens again, or a payment is confirmed', () => {
    const asked = appointmentsReducer(
      initialAppointmentsState,
      statusChangeRequested({ id: 'a1', status: 'cancelled' }),
    );
    const failed = appointmentsReducer(asked, statusChangeFailed({ id: 'a1', message: 'Failed' }));
    expect(selectUpdateError({ appointments: failed })).toBe('Failed');
    expect(selectUpdating({ appointments: failed })).toEqual([]);
    expect(appointmentsReducer(failed, appointmentListOpened('all')).updateError).toBeNull();
    expect(appointmentsReducer(failed, paymentConfirmed()).updateError).toBeNull();
  });
});
