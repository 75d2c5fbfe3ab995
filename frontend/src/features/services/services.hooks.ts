import { useSelector } from 'react-redux';
import type { WithServices } from './services.slice';

/** Typed by the part of the store this feature owns, so it does not depend on the root state's shape. */
export const useServicesSelector = useSelector.withTypes<WithServices>();
