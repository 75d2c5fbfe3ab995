import { useSelector } from 'react-redux';
import type { WithProviderApproval } from './provider-approval.slice';

/** Typed by the part of the store this feature owns, so it does not depend on the root state's shape. */
export const useProviderApprovalSelector = useSelector.withTypes<WithProviderApproval>();
