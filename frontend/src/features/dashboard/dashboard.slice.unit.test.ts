import { describe, expect, it } from 'vitest';
import type { Appointment } from '@appointment/contracts/appointments';
import { statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';
import {
  dashboardOpened,
  dashboardReducer,
  detailsLoaded,
  selectDashboardDetails,
  selectDashboardUpdateError,
  selectDashboardUpdating,
  type ServiceAppointment,
} from './dashboard.slice';

const initial = dashboardReducer(undefined, { type: '@@init' });
const pending = {
  _id: 'a1',
  status: 'pending',
  serviceName: 'Consultation',
} as unknown as ServiceAppointment;

describe('dashboard slice', () => {
  it('changes an appointment of the panel in place when its status changes elsewhere', () => {
    const loaded = dashboardReducer(
      dashboardReducer(initial, dashboardOpened()),
      detailsLoaded({ appointmentsWithServiceDetails: [pending], appointmentsWithProviderDetails: [] }),
    );
    const asked = dashboardReducer(loaded, statusChangeRequested({ id: 'a1', status: 'scheduled' }));
    expect(selectDashboardUpdating({ dashboard: asked })).toEqual(['a1']);
    const changed = dashboardReducer(asked, statusChanged({ _id: 'a1', status: 'scheduled' } as Appointment));
    const details = selectDashboardDetails({ dashboard: changed });
    expect(details.withService).toEqual([{ ...pending, status: 'scheduled' }]);
    expect(selectDashboardUpdating({ dashboard: changed })).toEqual([]);
  });

  it('shows a refused change until the dashboard opens again', () => {
    const failed = dashboardReducer(initial, statusChangeFailed({ id: 'a1', message: 'Failed' }));
    expect(selectDashboardUpdateError({ dashboard: failed })).toBe('Failed');
    expect(selectDashboardUpdateError({ dashboard: dashboardReducer(failed, dashboardOpened()) })).toBeNull();
  });
});
