import { readStatusOf } from '../../../lib/api';
import { usePendingProvidersQuery } from '../provider-approval.queries';
import { useEffect, useState } from 'react';
import { LAYOUT } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useAppDispatch } from '../../../lib/hooks';
import { readStoredRole } from '../../../lib/session';
import { useProviderApprovalSelector } from '../provider-approval.hooks';
import {
  acceptClicked,
  approvalTableOpened,
  rejectClicked,
  selectApprovalActionError,
  selectApprovalActionMessage,
  selectApprovalBusyIds,
} from '../provider-approval.slice';
import { DataTable } from '../../../ui/data-table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { TableErrorNotice as ErrorNotice, ScrollArea } from '../../../ui/table.styles';
import {
  AcceptButton,
  Notice,
  RejectButton,
  RowActions,
  SuccessNotice,
  Title,
} from './manage-providers-page.styles';

/** docs/product.md §2.8 Provider approval table; support sees it without the Accept and Reject buttons. */
export function ManageProvidersPage() {
  const dispatch = useAppDispatch();
  const busyIds = useProviderApprovalSelector(selectApprovalBusyIds);
  const actionError = useProviderApprovalSelector(selectApprovalActionError);
  const actionMessage = useProviderApprovalSelector(selectApprovalActionMessage);
  // Each opening reads the waiting registrations again.
  const pending = usePendingProvidersQuery(undefined, { refetchOnMountOrArgChange: true });
  const providers = pending.currentData ?? [];
  const status = readStatusOf(pending);
  const loadError = pending.isError ? MESSAGES.providersLoadFailed : null;
  const mayDecide = can(readStoredRole().role, 'providers.approve');
  const columns = mayDecide ? ['Name', 'Email', 'Industry', 'Actions'] : ['Name', 'Email', 'Industry'];
  // Issue 18: a rejection deletes the registration, so it is asked first.
  const [rejecting, setRejecting] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    dispatch(approvalTableOpened());
  }, [dispatch]);

  const message =
    status === 'loading'
      ? 'Loading...'
      : status === 'loaded' && providers.length === 0
        ? MESSAGES.noProviders
        : null;

  return (
    <section aria-labelledby="approvals-title">
      <Title id="approvals-title">Manage Providers</Title>
      {!mayDecide && <Notice>Read only: only a superadmin can accept or reject providers.</Notice>}
      {loadError && <ErrorNotice role="alert">{loadError}</ErrorNotice>}
      {actionError && <ErrorNotice role="alert">{actionError}</ErrorNotice>}
      <div role="status">{actionMessage && <SuccessNotice>{actionMessage}</SuccessNotice>}</div>
      <ScrollArea
        role="region"
        aria-label="Providers waiting for approval"
        // Focusable so the scrolling area can be scrolled with the keyboard.
        tabIndex={0}
        $maxHeight={LAYOUT.approvalTableScroll}
      >
        <DataTable
          labelledBy="approvals-title"
          columns={columns}
          busy={status === 'loading'}
          message={message}
          stickyHeader
        >
          {providers.map((provider) => {
            const busy = busyIds.includes(provider._id);
            return (
              <tr key={provider._id}>
                <td>{provider.businessname}</td>
                <td>{provider.email}</td>
                <td>{provider.industry}</td>
                {mayDecide && (
                  <td>
                    <RowActions>
                      <AcceptButton
                        type="button"
                        disabled={busy}
                        onClick={() => dispatch(acceptClicked(provider._id))}
                      >
                        Accept
                      </AcceptButton>
                      <RejectButton
                        type="button"
                        disabled={busy}
                        onClick={() => setRejecting({ id: provider._id, name: provider.businessname })}
                      >
                        Reject
                      </RejectButton>
                    </RowActions>
                  </td>
                )}
              </tr>
            );
          })}
        </DataTable>
      </ScrollArea>
      <ConfirmDialog
        open={rejecting !== null}
        title="Reject Provider"
        confirmLabel="Reject"
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          if (rejecting) dispatch(rejectClicked(rejecting.id));
          setRejecting(null);
        }}
      >
        {rejecting && `Reject ${rejecting.name}? Their registration will be deleted.`}
      </ConfirmDialog>
    </section>
  );
}
