import { API_OPERATIONS, type OperationId } from '@appointment/contracts/api';
import { runOpenApiCheck } from './openapi-check';

/**
 * The API as a third party sees it: Stoplight Prism, fed the app's own /api/openapi.json,
 * validates every request and answer of every operation driven as every role, signed out and
 * with an API key. On a failure the message lists each violation with its call.
 */
test('Prism finds no violation of the API document in any operation as any caller, and every success answer is described', async () => {
  const report = await runOpenApiCheck();
  const findings = report.findings.map(
    ({ operation, caller, status, violation }) =>
      `${operation} as ${caller} (${status}): ${violation.location.join('.')} ${violation.message}`,
  );
  expect(findings).toEqual([]);
  expect(report.undescribed).toEqual([]);
  expect(report.operations).toBe(Object.keys(API_OPERATIONS).length);
  // Every operation reached its success answer for some caller, so every success schema was checked.
  const neverSucceeded = (Object.keys(API_OPERATIONS) as OperationId[]).filter(
    (id) => !Object.values(report.statuses[id] ?? {}).includes(API_OPERATIONS[id].success.status),
  );
  expect(neverSucceeded).toEqual([]);
  // Signed-out calls to closed operations, which Prism flags for their missing credentials.
  expect(report.expectedRefusals).toBeGreaterThan(0);
}, 180_000);
