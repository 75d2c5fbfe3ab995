import { useSelector } from 'react-redux';
import type { WithStaffs } from './staffs.slice';

/** Typed by the part of the store this feature owns, so it does not depend on the root state's shape. */
export const useStaffsSelector = useSelector.withTypes<WithStaffs>();
