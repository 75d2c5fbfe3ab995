import { readStatusOf } from '../../../lib/api';
import {
  useApproveProviderMutation,
  usePendingProvidersQuery,
  useRejectProviderMutation,
} from '../provider-approval.api';
import { useEffect, useState } from 'react';
import { LAYOUT } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { readStoredRole } from '../../../lib/session';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { useProviderApprovalSelector } from '../provider-approval.hooks';
import {
  approvalTableOpened,
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
  const { texts, t } = useCatalogue('providers', PROVIDERS_TEXTS);
  const T = texts.approvals;
  const busyIds = useProviderApprovalSelector(selectApprovalBusyIds);
  const actionError = useProviderApprovalSelector(selectApprovalActionError);
  const actionMessage = useProviderApprovalSelector(selectApprovalActionMessage);
  // Each opening reads the waiting registrations again.
  const pending = usePendingProvidersQuery(undefined, { refetchOnMountOrArgChange: true });
  const providers = pending.currentData ?? [];
  const status = readStatusOf(pending);
  const loadError = pending.isError ? MESSAGES.providersLoadFailed : null;
  const mayDecide = can(readStoredRole().role, 'providers.approve');
  const columns = [
    T.columns.name,
    T.columns.email,
    T.columns.industry,
    ...(mayDecide ? [T.columns.actions] : []),
  ];
  // A rejection deletes the registration, so it is asked first.
  const [approveProvider] = useApproveProviderMutation();
  const [rejectProvider] = useRejectProviderMutation();
  const [rejecting, setRejecting] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    dispatch(approvalTableOpened());
  }, [dispatch]);

  const message =
    status === 'loading'
      ? T.loading
      : status === 'loaded' && providers.length === 0
        ? MESSAGES.noProviders
        : null;

  return (
    <section aria-labelledby="approvals-title">
      <Title id="approvals-title">{T.title}</Title>
      {!mayDecide && <Notice>{T.readOnly}</Notice>}
      {loadError && <ErrorNotice role="alert">{loadError}</ErrorNotice>}
      {actionError && <ErrorNotice role="alert">{actionError}</ErrorNotice>}
      <div role="status">{actionMessage && <SuccessNotice>{actionMessage}</SuccessNotice>}</div>
      <ScrollArea
        role="region"
        aria-label={T.waiting}
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
                <td>
                  {texts.industries[provider.industry as keyof typeof texts.industries] ?? provider.industry}
                </td>
                {mayDecide && (
                  <td>
                    <RowActions>
                      <AcceptButton
                        type="button"
                        disabled={busy}
                        onClick={() => void approveProvider(provider._id)}
                      >
                        {T.accept}
                      </AcceptButton>
                      <RejectButton
                        type="button"
                        disabled={busy}
                        onClick={() => setRejecting({ id: provider._id, name: provider.businessname })}
                      >
                        {T.reject}
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
        title={T.rejectTitle}
        confirmLabel={T.reject}
        cancelLabel={T.cancel}
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          if (rejecting) void rejectProvider(rejecting.id);
          setRejecting(null);
        }}
      >
        {rejecting && t('approvals.rejectQuestion', { name: rejecting.name })}
      </ConfirmDialog>
    </section>
  );
}
