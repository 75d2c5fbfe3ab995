import { describe, expect, it } from 'vitest';
import type { Appointment } from '@appointment/contracts/appointments';
import { statusChanged, statusChangeFailed, statusChangeRequested } from '../../lib/events';
import {
  dashboardOpened,
  dashboardReducer,
  selectDashboardUpdateError,
  selectDashboardUpdating,
} from './dashboard.slice';

const initial = dashboardReducer(undefined, { type: '@@init' });

describe('dashboard slice', () => {
  it('keeps a status change asked for from the panel busy until it is made', () => {
    const asked = dashboardReducer(
      dashboardReducer(initial, dashboardOpened()),
      statusChangeRequested({ id: 'a1', status: 'scheduled' }),
    );
    expect(selectDashboardUpdating({ dashboard: asked })).toEqual(['a1']);
    const changed = dashboardReducer(asked, statusChanged({ _id: 'a1', status: 'scheduled' } as Appointment));
    expect(selectDashboardUpdating({ dashboard: changed })).toEqual([]);
  });

  it('shows a refused change until the dashboard opens again', () => {
    const failed = dashboardReducer(initial, statusChangeFailed({ id: 'a1', message: 'Failed' }));
    expect(selectDashboardUpdateError({ dashboard: failed })).toBe('Failed');
    expect(selectDashboardUpdateError({ dashboard: dashboardReducer(failed, dashboardOpened()) })).toBeNull();
  });
});
