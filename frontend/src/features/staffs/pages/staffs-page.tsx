import { useEffect } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { useStaffsSelector } from '../staffs.hooks';
import { selectStaffs, staffsPageOpened } from '../staffs.slice';
import { DataTable } from '../../../ui/data-table';
import { TableErrorNotice as ErrorNotice, TableFrame } from '../../../ui/table.styles';
import { RoleBadge, Title } from './staffs-page.styles';

const COLUMNS = ['#', 'Name', 'Email', 'Phone', 'Role'] as const;

/** docs/product.md §2.8 Staffs: the people of the admin's provider. */
export function StaffsPage() {
  const dispatch = useAppDispatch();
  const { users, status, error } = useStaffsSelector(selectStaffs);

  useEffect(() => {
    dispatch(staffsPageOpened());
  }, [dispatch]);

  const message =
    status === 'loading' || status === 'idle'
      ? 'Loading staff...'
      : status === 'loaded' && users.length === 0
        ? 'No staff members found.'
        : null;

  return (
    <section aria-labelledby="staffs-title">
      <Title id="staffs-title">Staffs</Title>
      {error && <ErrorNotice role="alert">{error}</ErrorNotice>}
      <TableFrame>
        <DataTable labelledBy="staffs-title" columns={COLUMNS} busy={status === 'loading'} message={message}>
          {users.map((user, index) => (
            <tr key={user._id}>
              <td>{index + 1}</td>
              <td>{user.businessname}</td>
              <td>{user.email}</td>
              <td>{user.phoneno}</td>
              <td>
                <RoleBadge>{user.role}</RoleBadge>
              </td>
            </tr>
          ))}
        </DataTable>
      </TableFrame>
    </section>
  );
}
