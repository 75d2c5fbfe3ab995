import assert from 'node:assert/strict';
import type { DataTable } from '@cucumber/cucumber';
import type { ApiResponse, Person } from './world';

/** What the scenarios check about any answer: its status, its message, the rows it shows. */

export type FieldErrors = { field: string; message: string }[];

/** The body of an answer that had to have this status. */
export const ok = (response: ApiResponse, status: number, what: string): unknown => {
  assert.equal(response.status, status, `${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};

export const messageOf = (response: ApiResponse | undefined): string | undefined =>
  (response?.body as { message?: string } | undefined)?.message;

export const lastResponseOf = (person: Person): ApiResponse => {
  assert.ok(person.lastResponse, `${person.name} has not done anything yet`);
  return person.lastResponse;
};

/** A refusal of a form: 400, the message, and the message on the field in question. */
export const assertRefusedOn = (response: ApiResponse, message: string, field: string) => {
  const { status, body } = response;
  assert.equal(status, 400, `expected a refusal, got ${status} ${JSON.stringify(body)}`);
  const { errors = [] } = body as { message: string; errors?: FieldErrors };
  assert.ok(
    errors.some((error) => error.field === field && error.message === message),
    `"${message}" is not said about ${field}: ${JSON.stringify(body)}`,
  );
  assert.equal(messageOf(response), errors[0]?.message, 'the answer leads with another message');
};

/**
 * Compares the columns the scenario names, in the order listed; or in any order, for lists whose
 * order nobody chose (services created together with their provider).
 */
export const sameRows = (
  seen: Record<string, string>[],
  table: DataTable | Record<string, string>[],
  what: string,
  { anyOrder = false }: { anyOrder?: boolean } = {},
) => {
  const expected = Array.isArray(table) ? table : table.hashes();
  const columns = Object.keys(expected[0] ?? {});
  const shown = seen.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
  const sorted = (rows: Record<string, string | undefined>[]) =>
    anyOrder ? [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : rows;
  assert.deepEqual(sorted(shown), sorted(expected), `${what}:\n${JSON.stringify(seen, null, 1)}`);
};

/** Bounded polling for something that happens after the request has been answered. */
export const eventually = async <T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    assert.ok(Date.now() < deadline, `Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The amount of a price as a scenario writes it (₹50, €12.50). */
export const amountOf = (text: string): number => Number(text.replace(/^[^\d]+/, ''));
export const yesNo = (value: boolean) => (value ? 'yes' : 'no');
