import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { Button, SecondaryButton } from '../../../ui/button.styles';
import { CurrencySetting } from '../components/currency-setting';
import { DeleteServiceDialog } from '../components/delete-service-dialog';
import { PolicySetting } from '../components/policy-setting';
import { ServiceCard } from '../components/service-card';
import { ServiceFormDialog } from '../components/service-form-dialog';
import { SERVICES_TEXTS } from '../services.texts';
import { useServicesSelector } from '../services.hooks';
import { useOwnCurrencyQuery, useOwnServicesQuery } from '../../../lib/provider-services.api';
import {
  addServiceClicked,
  currencyOf,
  deleteTargetOf,
  editedServiceOf,
  selectCurrencySave,
  selectServiceDelete,
  selectServiceForm,
  selectServiceSave,
} from '../services.slice';
import { ErrorNotice, Grid, Header, Notice, Title } from './services-page.styles';
import { MessageText } from '../../../ui/message-text';

/** docs/product.md §2.8 Services management: the provider's services as cards; admin adds, edits and deletes. */
export function ServicesPage() {
  const dispatch = useAppDispatch();
  const { texts: T } = useCatalogue('services', SERVICES_TEXTS);
  const mayManage = can(useAppSelector(selectRole) ?? undefined, 'services.manage');
  const form = useServicesSelector(selectServiceForm);
  const { saving, saveError, serverFieldErrors } = useServicesSelector(selectServiceSave);
  const { deleteTargetId, deleting, deleteError } = useServicesSelector(selectServiceDelete);
  const { currencySaving, currencyError } = useServicesSelector(selectCurrencySave);
  // Each opening reads the services and the provider's currency again.
  const services = useOwnServicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const ownCurrency = useOwnCurrencyQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = services.currentData ?? [];
  const currency = currencyOf(ownCurrency.currentData, services.currentData);
  const editedService = editedServiceOf(items, form);
  const deleteTarget = deleteTargetOf(items, deleteTargetId);

  const formOpen = mayManage && (form.mode === 'add' || (form.mode === 'edit' && editedService !== null));
  const loaded = services.currentData !== undefined;
  const loading = !loaded && !services.isError;

  return (
    <section aria-labelledby="services-title" aria-busy={loading}>
      <Header>
        <Title id="services-title">{T.title}</Title>
        {mayManage && (
          <Button type="button" onClick={() => dispatch(addServiceClicked())}>
            {T.addService}
          </Button>
        )}
      </Header>
      {currency && (
        <CurrencySetting
          key={currency}
          currency={currency}
          mayManage={mayManage}
          saving={currencySaving}
          error={currencyError}
        />
      )}
      {loading && <Notice role="status">{T.loading}</Notice>}
      {services.isError && (
        <ErrorNotice role="alert">
          <p>
            <MessageText>{MESSAGES.servicesLoadFailed}</MessageText>
          </p>
          <SecondaryButton type="button" onClick={() => void services.refetch()}>
            {T.tryAgain}
          </SecondaryButton>
        </ErrorNotice>
      )}
      {loaded && items.length === 0 && (
        <Notice>
          <MessageText>{MESSAGES.noServices}</MessageText>
        </Notice>
      )}
      {loaded && items.length > 0 && (
        <Grid aria-labelledby="services-title">
          {items.map((service) => (
            <li key={service._id}>
              <ServiceCard service={service} mayManage={mayManage} />
            </li>
          ))}
        </Grid>
      )}
      {mayManage && (
        <>
          <ServiceFormDialog
            open={formOpen}
            service={editedService}
            currency={currency}
            formKey={form.mode === 'edit' ? form.id : form.mode}
            saving={saving}
            saveError={saveError}
            serverFieldErrors={serverFieldErrors}
          />
          <DeleteServiceDialog service={deleteTarget} deleting={deleting} deleteError={deleteError} />
        </>
      )}
      {currency && <PolicySetting mayManage={mayManage} currency={currency} />}
    </section>
  );
}
