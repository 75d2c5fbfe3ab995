import { MESSAGES } from '@appointment/contracts/messages';
import { readStatusOf } from '../../../lib/api';
import { useCatalogue } from '../../../lib/catalogue';
import { STAFFS_TEXTS } from '../staffs.texts';
import { useStaffQuery } from '../staffs.api';
import { DataTable } from '../../../ui/data-table';
import { TableErrorNotice as ErrorNotice, TableFrame } from '../../../ui/table.styles';
import { RoleBadge, Title } from './staffs-page.styles';

/** docs/product.md §2.8 Staffs: the people of the admin's provider. */
export function StaffsPage() {
  const { texts: T } = useCatalogue('staffs', STAFFS_TEXTS);
  const columns = Object.values(T.columns);
  // Each opening reads the staff again.
  const staff = useStaffQuery(undefined, { refetchOnMountOrArgChange: true });
  const users = staff.currentData ?? [];
  const status = readStatusOf(staff);
  const error = staff.isError ? MESSAGES.staffsLoadFailed : null;

  const message =
    status === 'loading' ? T.loading : status === 'loaded' && users.length === 0 ? T.none : null;

  return (
    <section aria-labelledby="staffs-title">
      <Title id="staffs-title">{T.title}</Title>
      {error && <ErrorNotice role="alert">{error}</ErrorNotice>}
      <TableFrame>
        <DataTable labelledBy="staffs-title" columns={columns} busy={status === 'loading'} message={message}>
          {users.map((user, index) => (
            <tr key={user._id}>
              <td>{index + 1}</td>
              <td>{user.businessname}</td>
              <td>{user.email}</td>
              <td>{user.phoneno}</td>
              <td>
                <RoleBadge>{T.roles[user.role as keyof typeof T.roles] ?? user.role}</RoleBadge>
              </td>
            </tr>
          ))}
        </DataTable>
      </TableFrame>
    </section>
  );
}
