import { useState } from 'react';
import { maskedKey, type ApiKey } from '@appointment/contracts/api-keys';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { toastShown } from '../../../lib/toast.slice';
import { Button, SmallButton } from '../../../ui/button.styles';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table';
import { PageHeader, PageTitle } from '../../../ui/page.styles';
import { TableFrame } from '../../../ui/table.styles';
import { useApiKeysQuery, useRevokeApiKeyMutation } from '../api-keys.api';
import { MaskedKey, ScopeChips } from '../components/api-keys.styles';
import { GenerateKeyDialog } from '../components/generate-key-dialog';
import { IntegrationError } from '../components/integration-error';

/** docs/product.md §2.8: "API key copied to clipboard" shows for 2 seconds. */
const COPIED_TOAST_MS = 2_000;
const TOAST_MS = 3_000;

const when = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/**
 * API Keys (/integrations/api-keys, docs/product.md §2.8, issue 10): the provider's keys with
 * name, masked key, scopes, created and last used. The admin generates keys (the full key shows
 * once, with Copy) and deletes them (asked first; the key stops working at once); a superadmin
 * sees and deletes every provider's; support only reads.
 */
export function ApiKeysPage() {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole) ?? undefined;
  const mayGenerate = role === 'admin';
  const mayDelete = can(role, 'integrations.manage');
  const { data: keys = [], isLoading, isError } = useApiKeysQuery();
  const [revoke] = useRevokeApiKeyMutation();
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      dispatch(toastShown(MESSAGES.apiKeyCopied, COPIED_TOAST_MS));
    } catch {
      // Without clipboard access the key stays on screen, selectable whole.
    }
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const answer = await revoke(target.id);
    dispatch(toastShown(answer.error ? MESSAGES.apiKeyRevokeFailed : MESSAGES.apiKeyRevoked, TOAST_MS));
  };

  // Platform staff see every provider's keys, so they see whose each is.
  const platform = role === 'superadmin' || role === 'support';
  const columns = [
    ...(platform ? ['Provider'] : []),
    'Name',
    'Key',
    'Scopes',
    'Created',
    'Last Used',
    ...(mayDelete ? ['Actions'] : []),
  ];

  return (
    <section aria-labelledby="page-title" aria-busy={isLoading}>
      <PageHeader>
        <PageTitle id="page-title">API Keys</PageTitle>
        {mayGenerate && !isError && (
          <Button type="button" onClick={() => setGenerating(true)}>
            Generate New Key
          </Button>
        )}
      </PageHeader>
      {isError ? (
        <IntegrationError />
      ) : (
        <TableFrame>
          <DataTable
            labelledBy="page-title"
            columns={columns}
            busy={isLoading}
            message={isLoading ? 'Loading API keys...' : keys.length === 0 ? MESSAGES.noApiKeys : null}
          >
            {keys.map((key) => (
              <tr key={key.id}>
                {platform && <td>{key.providerName}</td>}
                <td>{key.name}</td>
                <td>
                  <MaskedKey>{maskedKey(key)}</MaskedKey>
                </td>
                <td>
                  <ScopeChips aria-label={`Scopes of ${key.name}`}>
                    {key.scopes.map((scope) => (
                      <li key={scope}>{scope}</li>
                    ))}
                  </ScopeChips>
                </td>
                <td>{when(key.createdAt)}</td>
                <td>{when(key.lastUsedAt)}</td>
                {mayDelete && (
                  <td>
                    <SmallButton
                      type="button"
                      $danger
                      aria-label={`Delete ${key.name}`}
                      onClick={() => setDeleting(key)}
                    >
                      Delete
                    </SmallButton>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        </TableFrame>
      )}
      <GenerateKeyDialog open={generating} onClose={() => setGenerating(false)} onCopy={copy} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete API key"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete the API key &ldquo;{deleting?.name}&rdquo;? Anything using it stops
        working at once. This action cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
