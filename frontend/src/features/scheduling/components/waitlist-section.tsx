import { useState } from 'react';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { readStatusOf } from '../../../lib/api';
import { useCatalogue } from '../../../lib/catalogue';
import { useWaitlistQuery } from '../../../lib/waitlist.api';
import { DataTable } from '../../../ui/data-table';
import { SelectField } from '../../../ui/select-field';
import { TableFrame } from '../../../ui/table.styles';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { SectionTitle } from './scheduling.styles';
import { whenOf } from './time-slot-list';

/**
 * Issue 31: the waitlist of a time slot the admin chooses, in order of joining: who waits, for
 * which service, and where each entry stands (waiting with its position, offered, booked...).
 */
export function WaitlistSection({ slots }: { slots: TimeSlot[] }) {
  const { texts } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const W = texts.waitlist;
  const [chosen, setChosen] = useState('');
  const read = useWaitlistQuery(chosen, { skip: !chosen });
  const entries = chosen ? (read.currentData ?? []) : [];
  const status = chosen ? readStatusOf(read) : 'loaded';
  return (
    <section aria-labelledby="waitlist-title">
      <SectionTitle id="waitlist-title">{W.title}</SectionTitle>
      <SelectField
        label={W.timeSlot}
        name="timeslot"
        value={chosen}
        placeholder={W.choose}
        options={slots.map((slot) => ({ value: slot._id, label: whenOf(slot) }))}
        onChange={(_name, value) => setChosen(value)}
      />
      {chosen && (
        <TableFrame>
          <DataTable
            labelledBy="waitlist-title"
            columns={[W.person, W.service, W.status, W.position]}
            busy={status === 'loading'}
            message={status === 'loaded' && entries.length === 0 ? W.empty : null}
          >
            {entries.map((entry) => (
              <tr key={entry._id}>
                <td>{entry.username ?? ''}</td>
                <td>{entry.serviceName}</td>
                <td>{entry.status}</td>
                <td>{entry.position ?? ''}</td>
              </tr>
            ))}
          </DataTable>
        </TableFrame>
      )}
    </section>
  );
}
