import assert from 'node:assert/strict';
import type { DashboardDetails } from '@appointment/contracts/appointments';
import { formatMoney } from '@appointment/contracts/money';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { openDashboard } from '../drivers/booking';
import { lastResponseOf, ok, sameRows } from '../support/assertions';
import { appointmentRow } from '../support/table-rows';
import type { PlatformWorld } from '../support/world';

/*
 * The dashboard (docs/product.md §3, §7.3) shows each role the details it needs: a user her
 * appointments with their provider, a provider's staff theirs with the service and who booked.
 */

When('{person} opens her/his/their dashboard', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  await openDashboard(this, person);
});

/** The dashboard details the person's last call loaded. */
const shownDashboard = (world: PlatformWorld, who: string): DashboardDetails =>
  ok(lastResponseOf(world.person(who)), 200, 'the dashboard did not load') as DashboardDetails;

Then(
  "{person}'s dashboard lists these appointments with their providers:",
  function (this: PlatformWorld, who: string, table: DataTable) {
    const details = shownDashboard(this, who);
    assert.deepEqual(details.appointmentsWithServiceDetails, [], 'a user is shown service details');
    const rows = details.appointmentsWithProviderDetails.map((a) => ({
      ...appointmentRow(a, a.timezone),
      'provider address': a.providerDetails?.address ?? '',
      'provider industry': a.providerDetails?.industry ?? '',
    }));
    sameRows(rows, table, `${who}'s dashboard lists other appointments`);
  },
);

Then(
  "{person}'s dashboard lists these appointments with their services and users:",
  function (this: PlatformWorld, who: string, table: DataTable) {
    const details = shownDashboard(this, who);
    assert.deepEqual(details.appointmentsWithProviderDetails, [], 'the staff are shown provider details');
    const rows = details.appointmentsWithServiceDetails.map((a) => ({
      ...appointmentRow(a, a.timezone),
      'service minutes': String(a.serviceDetails?.duration ?? ''),
      'service price': a.serviceDetails ? formatMoney(a.serviceDetails.price, a.serviceDetails.currency) : '',
      'booked by': a.userDetails.username,
      'e-mail': a.userDetails.email,
    }));
    sameRows(rows, table, `${who}'s dashboard lists other appointments`);
  },
);
