import { describeFailures } from './kills.soak';
import { runKillSoak } from './kills/run';

/**
 * On CI: the kill soak at 20 kills (16 of the projector, 4 of the worker) under the
 * booking load. `npm run soak -- kills` runs the long one (200 and 50).
 */
describe('the kill soak', () => {
  it('leaves every read model equal to a clean rebuild and every side effect done exactly once', async () => {
    const result = await runKillSoak({ projectorKills: 16, workerKills: 4 });
    const failures = describeFailures(result);
    expect(failures).toEqual([]);
    expect(result).toMatchObject({ projectorKills: 16, workerKills: 4, readModelDiffs: [] });
    for (const finding of result.findings) {
      expect({
        check: finding.check,
        duplicates: finding.duplicates,
        missing: finding.missing,
        unexpected: finding.unexpected,
      }).toEqual({
        check: finding.check,
        duplicates: 0,
        missing: 0,
        unexpected: 0,
      });
    }
    // The load did what the checks count on: bookings, payments, refunds, reminders that fired, e-mails.
    expect(result.ledger.bookings.size).toBeGreaterThan(0);
    expect(result.figures.paymentConfirmations).toBeGreaterThan(0);
    expect(result.figures.paymentTimeouts).toBeGreaterThan(0);
    // Paid bookings cancelled by their users, refunded at the gateway while the worker was killed.
    expect(result.ledger.cancelledPaid.size).toBeGreaterThan(0);
    expect(result.figures.refundsMade).toBeGreaterThan(0);
    expect(result.figures.remindersSent).toBeGreaterThan(0);
    expect(result.figures.emails).toBeGreaterThan(0);
    expect(result.ledger.statusChanges).toBeGreaterThan(0);
    // Freed places offered to waiters (issue 31), told and mailed once each.
    expect(result.figures.waitlistOffers).toBeGreaterThan(0);
    expect(result.ledger.offersClaimed).toBeGreaterThan(0);
    // Recurring series booked through the kills (issue 31), each whole in the log.
    expect(result.figures.seriesBooked).toBeGreaterThan(0);
  }, 600_000);
});
