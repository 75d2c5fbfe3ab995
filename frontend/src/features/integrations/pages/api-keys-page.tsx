import { useState } from 'react';
import { maskedKey, type ApiKey } from '@appointment/contracts/api-keys';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useCatalogue } from '../../../lib/catalogue';
import { handled } from '../../../lib/handled';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { formatDateTime } from '../../../lib/locale-format';
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
import { INTEGRATIONS_TEXTS } from '../integrations.texts';

/** docs/product.md §2.8: "API key copied to clipboard" shows for 2 seconds. */
const COPIED_TOAST_MS = 2_000;
const TOAST_MS = 3_000;

const when = (iso: string | null, never: string): string =>
  iso ? formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : never;

/**
 * API Keys (/integrations/api-keys, docs/product.md §2.8): the provider's keys with
 * name, masked key, scopes, created and last used. The admin generates keys (the full key shows
 * once, with Copy) and deletes them (asked first; the key stops working at once); a superadmin
 * sees and deletes every provider's; support only reads.
 */
export function ApiKeysPage() {
  const dispatch = useAppDispatch();
  const { texts, t } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const T = texts.apiKeys;
  const role = useAppSelector(selectRole) ?? undefined;
  const mayGenerate = role === 'admin';
  const mayDelete = can(role, 'integrations.manage');
  const { data: keys = [], isLoading, isError } = useApiKeysQuery();
  const [revoke] = useRevokeApiKeyMutation();
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  const copy = handled(async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      dispatch(toastShown(MESSAGES.apiKeyCopied, COPIED_TOAST_MS));
    } catch {
      // Without clipboard access the key stays on screen, selectable whole.
    }
  }, 'Failed to copy the API key');

  const confirmDelete = handled(async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const answer = await revoke(target.id);
    dispatch(toastShown(answer.error ? MESSAGES.apiKeyRevokeFailed : MESSAGES.apiKeyRevoked, TOAST_MS));
  }, 'Failed to revoke the API key');

  // Platform staff see every provider's keys, so they see whose each is.
  const platform = role === 'superadmin' || role === 'support';
  const columns = [
    ...(platform ? [T.columns.provider] : []),
    T.columns.name,
    T.columns.key,
    T.columns.scopes,
    T.columns.created,
    T.columns.lastUsed,
    ...(mayDelete ? [T.columns.actions] : []),
  ];

  return (
    <section aria-labelledby="page-title" aria-busy={isLoading}>
      <PageHeader>
        <PageTitle id="page-title">{T.title}</PageTitle>
        {mayGenerate && !isError && (
          <Button type="button" onClick={() => setGenerating(true)}>
            {T.generateNewKey}
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
            message={isLoading ? T.loading : keys.length === 0 ? MESSAGES.noApiKeys : null}
          >
            {keys.map((key) => (
              <tr key={key.id}>
                {platform && <td>{key.providerName}</td>}
                <td>{key.name}</td>
                <td>
                  <MaskedKey>{maskedKey(key)}</MaskedKey>
                </td>
                <td>
                  <ScopeChips aria-label={t('apiKeys.scopesOf', { name: key.name })}>
                    {key.scopes.map((scope) => (
                      <li key={scope}>{scope}</li>
                    ))}
                  </ScopeChips>
                </td>
                <td>{when(key.createdAt, T.never)}</td>
                <td>{when(key.lastUsedAt, T.never)}</td>
                {mayDelete && (
                  <td>
                    <SmallButton
                      type="button"
                      $danger
                      aria-label={t('apiKeys.deleteNamed', { name: key.name })}
                      onClick={() => setDeleting(key)}
                    >
                      {T.delete}
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
        title={T.deleteTitle}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {t('apiKeys.deleteQuestion', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
