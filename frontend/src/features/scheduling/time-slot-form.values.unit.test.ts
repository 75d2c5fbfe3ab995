import { describe, expect, it } from 'vitest';
import { EMPTY_TIME_SLOT, proposedSlots, withAddAsSlot, withProposal } from './time-slot-form.values';

const services = [
  { name: 'Follow-up Visit', duration: 15 },
  { name: 'Deep Massage', duration: 45 },
];

/** 09:00–12:00, split, with both services chosen. */
const split = withAddAsSlot(
  {
    ...EMPTY_TIME_SLOT,
    startTime: '09:00',
    endTime: '12:00',
    serviceIds: ['Follow-up Visit', 'Deep Massage'],
  },
  true,
);

describe('the time slot form’s proposed intervals (issue 30)', () => {
  it('counts the provider’s buffer after each appointment', () => {
    // 180 min ÷ 45 = 4 without a buffer; ÷ (45 + 15) = 3 with one.
    expect(proposedSlots(split, services)).toBe(4);
    expect(proposedSlots(split, services, 15)).toBe(3);
    expect(withProposal(split, services, 15).availableSlots).toBe('3');
    expect(withProposal(split, services, 0).availableSlots).toBe('4');
  });

  it('proposes nothing until a service is chosen, whatever the buffer', () => {
    expect(proposedSlots({ ...split, serviceIds: [] }, services, 15)).toBeUndefined();
    expect(withProposal({ ...split, serviceIds: [] }, services, 15).availableSlots).toBe('');
  });
});
