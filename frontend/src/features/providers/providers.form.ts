import type { ProviderFormFields } from '@appointment/contracts/catalogue';

/**
 * docs/product.md §7.5 POST /providers/addprovider as multipart form data: the lists travel as JSON text
 * and the picture, when there is one, as the file `image`. Built by the form, which holds the file.
 */
export const providerFormData = (fields: ProviderFormFields, image: File | undefined): FormData => {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('email', fields.email);
  form.append('phone', fields.phone);
  form.append('industry', fields.industry);
  form.append('address', fields.address);
  form.append('description', fields.description);
  form.append('workingHours', JSON.stringify(fields.workingHours));
  form.append('breaks', JSON.stringify(fields.breaks));
  form.append('services', JSON.stringify(fields.services));
  form.append('specialties', JSON.stringify(fields.specialties));
  if (fields.currency) form.append('currency', fields.currency);
  if (image) form.append('image', image);
  return form;
};
