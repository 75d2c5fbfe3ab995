import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useSearchParams } from 'react-router-dom';
import { can } from '@appointment/contracts/roles';
import { useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { Field, Label, Select } from '../../../ui/form.styles';
import { Notice } from '../../../ui/page.styles';
import { useAllProvidersQuery } from '../../../lib/all-providers.api';
import type { ProviderArg } from '../integrations.api';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';

export interface IntegrationScope {
  /** Platform staff (superadmin, support) pick the provider; an admin always sees their own. */
  picks: boolean;
  /** The provider picked (`?providerId=`), undefined for an admin or before a pick. */
  providerId: ProviderArg;
  /** Whether the screen can ask the server yet: an admin always, platform staff once they pick. */
  ready: boolean;
  /** Whether the viewer may change the settings (admin and superadmin; support only reads). */
  mayManage: boolean;
}

/** Whose integrations a screen shows: the admin's own, or the one staff picked. */
export const useIntegrationScope = (): IntegrationScope => {
  const [params] = useSearchParams();
  const role = useAppSelector(selectRole) ?? undefined;
  const picks = role === 'superadmin' || role === 'support';
  const providerId = picks ? params.get('providerId') || undefined : undefined;
  return {
    picks,
    providerId,
    ready: !picks || providerId !== undefined,
    mayManage: can(role, 'integrations.manage'),
  };
};

/**
 * The provider select platform staff see above an integration screen; it keeps `?providerId=`.
 * `optional`: the screen lists every provider's until one is picked (Webhooks).
 */
export function ProviderPicker({ scope, optional = false }: { scope: IntegrationScope; optional?: boolean }) {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const id = useId();
  const [, setParams] = useSearchParams();
  const providers = useAllProvidersQuery(undefined, { skip: !scope.picks });
  if (!scope.picks) return null;
  return (
    <>
      <Field>
        <Label htmlFor={id}>{T.provider}</Label>
        <Select
          id={id}
          value={scope.providerId ?? ''}
          disabled={!providers.data}
          onChange={(event) => setParams(event.target.value ? { providerId: event.target.value } : {})}
        >
          <option value="">
            {providers.isError ? T.providersFailed : optional ? T.allProviders : T.chooseProvider}
          </option>
          {(providers.data ?? []).map((provider) => (
            <option key={provider._id} value={provider._id}>
              {provider.name}
            </option>
          ))}
        </Select>
      </Field>
      {!scope.ready && !optional && <Notice role="status">{T.pickProvider}</Notice>}
    </>
  );
}
