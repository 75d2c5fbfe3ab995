import { PAYMENTS } from '@appointment/contracts/constants';

/** SPEC §9: prices are shown with $, here always with two decimals. */
export const formatPrice = (price: number): string => `${PAYMENTS.priceSymbol}${price.toFixed(2)}`;
