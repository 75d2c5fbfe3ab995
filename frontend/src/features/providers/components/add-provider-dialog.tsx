import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Modal } from '../../../ui/modal';
import { addProviderClosed, type AddProviderFormState } from '../providers.slice';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { ProviderForm } from './provider-form';

/** docs/product.md §2.8: Add Provider opens this form; Cancel closes it. */
export function AddProviderDialog({ form }: { form: AddProviderFormState }) {
  const dispatch = useAppDispatch();
  const T = useCatalogue('providers', PROVIDERS_TEXTS).texts.form;

  return (
    <Modal open={form.open} title={T.title} width="52rem" onClose={() => dispatch(addProviderClosed())}>
      <ProviderForm saving={form.saving} serverError={form.error} serverFieldErrors={form.fieldErrors} />
    </Modal>
  );
}
