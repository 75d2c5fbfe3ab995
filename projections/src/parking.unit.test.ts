import { isOutage } from './parking';
import { CheckpointMovedError } from './projection-transaction';

/** An outage stops a projection and resumes from its checkpoint; a data error parks. */
describe('isOutage', () => {
  it.each([
    ['a lost connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients'), { code: '53300' })],
    ['a deadlock', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    ['an ended client', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['a checkpoint moved by another writer', new CheckpointMovedError('schedule')],
  ])('counts %s as an outage', (_, error) => {
    expect(isOutage(error)).toBe(true);
  });

  it.each([
    [
      'a date PostgreSQL refuses',
      Object.assign(new Error('date/time field value out of range'), { code: '22008' }),
    ],
    [
      'a duplicate key',
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    ],
    ['a broken check', Object.assign(new Error('violates check constraint'), { code: '23514' })],
    ['a bug meeting odd data', new TypeError("Cannot read properties of undefined (reading 'date')")],
  ])('counts %s as a data error', (_, error) => {
    expect(isOutage(error)).toBe(false);
  });
});
