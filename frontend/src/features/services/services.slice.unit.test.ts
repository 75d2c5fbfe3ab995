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
  servicesReducer,
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

  it('gives the same save fields while they stay the same', () => {
    const state = { services: initialServicesState };
    expect(selectServiceSave(state)).toBe(selectServiceSave({ services: { ...initialServicesState } }));
  });
});
