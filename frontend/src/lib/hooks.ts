import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * Typed without the root state, so shared code and features never import `app/`: every selector
 * names the slices it reads (`(state: WithX) => …`), and useSelector takes its type from there.
 */
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
export const useAppSelector = useSelector;
