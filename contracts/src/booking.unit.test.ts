import { BookingForm } from './appointments';
import { bookingFormData, bookingFormFor, chooseSlot } from './booking';
import { intervalOf, zonedInstant, type TimeSlot } from './schedule';

const TIME_SLOT: TimeSlot = {
  _id: 'slot-1',
  providerId: 'provider-1',
  serviceIds: ['General Consultation'],
  date: '2026-06-15',
  startTime: '09:00',
  endTime: '12:00',
  availableSlots: 6,
  capacity: 6,
  indexes: [],
  addAsSlot: true,
  timezone: 'Asia/Kolkata',
  startDateTime: zonedInstant('2026-06-15', '09:00', 'Asia/Kolkata').toISOString(),
  endDateTime: zonedInstant('2026-06-15', '12:00', 'Asia/Kolkata').toISOString(),
};

describe('the booking form of a chosen slot', () => {
  it('sends a part with its own ends, in the provider zone, and the service flags', () => {
    const interval = intervalOf(TIME_SLOT, 2)!;
    const slot = chooseSlot(TIME_SLOT, interval.startDateTime, interval.endDateTime, 2)!;
    const fields = bookingFormFor({
      providerId: 'provider-1',
      serviceName: 'General Consultation',
      slot,
      service: { isPaymentNeeded: true, automaticBooking: false },
      note: '  ',
    });
    expect(fields).toEqual({
      servicename: 'General Consultation',
      providerId: 'provider-1',
      timeslotId: 'slot-1',
      date: '2026-06-15',
      starttime: '09:30',
      endtime: '10:00',
      formattedstarttime: '9:30 AM',
      formattedendtime: '10:00 AM',
      index: '2',
      paymentneeded: 'true',
      automaticbooking: 'false',
    });
    expect(BookingForm.parse(fields)).toMatchObject({ index: 2, paymentneeded: true });
  });

  it('sends a block without an index, and no flags it does not know', () => {
    const block = { ...TIME_SLOT, addAsSlot: false, availableSlots: 3 };
    const slot = chooseSlot(block, block.startDateTime, block.endDateTime, undefined)!;
    const fields = bookingFormFor({ providerId: 'provider-1', serviceName: 'X', slot, note: ' a note ' });
    expect(fields.index).toBeUndefined();
    expect(fields).toMatchObject({
      starttime: '09:00',
      endtime: '12:00',
      paymentneeded: 'false',
      automaticbooking: 'false',
      note: 'a note',
    });
  });

  it('is sent as multipart in the same order, the picture last', () => {
    const form = bookingFormData(
      { servicename: 'X', providerId: 'p', date: '2026-06-15' },
      {
        blob: new Blob(['x'], { type: 'image/png' }),
        name: 'note.png',
      },
    );
    expect([...form.keys()]).toEqual(['servicename', 'providerId', 'date', 'image']);
  });
});
