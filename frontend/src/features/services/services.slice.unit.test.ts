import { describe, expect, it } from 'vitest';
import type { Service } from '@appointment/contracts/catalogue';
import {
  currencyOf,
  deleteServiceClicked,
  deleteTargetOf,
  editedServiceOf,
  editServiceClicked,
  initialServicesState,
  selectServiceSave,
  serviceSaved,
  serviceSaveFailed,
  servicesReducer,
  serviceSubmitted,
} from './services.slice';

const consultation = { _id: 'sv1', name: 'Consultation', currency: 'INR' } as Service;
const followUp = { _id: 'sv2', name: 'Follow-up', currency: 'INR' } as Service;

describe('the services slice and its selectors', () => {
  it('finds the edited service and the delete target in the list as read', () => {
    const editing = servicesReducer(initialServicesState, editServiceClicked('sv2'));
    expect(editedServiceOf([consultation, followUp], editing.form)).toBe(followUp);
    expect(editedServiceOf([consultation], editing.form)).toBeNull();
    expect(editedServiceOf([consultation], { mode: 'add' })).toBeNull();
    const deleting = servicesReducer(initialServicesState, deleteServiceClicked('sv1'));
    expect(deleteTargetOf([consultation, followUp], deleting.deleteTargetId)).toBe(consultation);
    expect(deleteTargetOf([consultation], null)).toBeNull();
  });

  it("prices in the provider's currency, or its services' while that is awaited", () => {
    expect(currencyOf('EUR', [consultation])).toBe('EUR');
    expect(currencyOf(undefined, [consultation])).toBe('INR');
    expect(currencyOf(undefined, undefined)).toBeNull();
  });

  it('a save waits, then closes the form; a refusal keeps it open with its reasons', () => {
    const open = servicesReducer(initialServicesState, editServiceClicked('sv1'));
    const saving = servicesReducer(open, serviceSubmitted({ id: 'sv1', data: {} as never }));
    expect(selectServiceSave({ services: saving })).toEqual({
      saving: true,
      saveError: null,
      serverFieldErrors: {},
    });
    expect(servicesReducer(saving, serviceSaved(consultation)).form).toEqual({ mode: 'closed' });
    const refused = servicesReducer(
      saving,
      serviceSaveFailed({ message: null, fieldErrors: { name: 'Name is required' } }),
    );
    expect(refused.form).toEqual({ mode: 'edit', id: 'sv1' });
    expect(selectServiceSave({ services: refused })).toEqual({
      saving: false,
      saveError: null,
      serverFieldErrors: { name: 'Name is required' },
    });
  });

  it('gives the same save fields while they stay the same', () => {
    const state = { services: initialServicesState };
    expect(selectServiceSave(state)).toBe(selectServiceSave({ services: { ...initialServicesState } }));
  });
});
