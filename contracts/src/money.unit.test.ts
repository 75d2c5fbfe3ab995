import { MESSAGES } from './messages';
import {
  Currency,
  countryForAddress,
  currencyForCountry,
  currencySymbol,
  defaultCurrencyForAddress,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
} from './money';

describe("a provider's default currency comes from its country (issue 18)", () => {
  it.each([
    ['12 Stadium Road, Palakkad, Kerala 678001', 'India', 'INR'],
    ['14 Marine Drive, Kochi, Kerala 682031', 'India', 'INR'],
    ['200 Ocean Drive, Miami, FL 33139', 'United States', 'USD'],
    ['910 Travis Street, Houston, TX 77002', 'United States', 'USD'],
    ['1 Main Street, Springfield, USA', 'United States', 'USD'],
    ['Calle Mayor 5, 28013 Madrid, Spain', 'Spain', 'EUR'],
    ['10 Rue de Rivoli, 75001 Paris, France', 'France', 'EUR'],
    ['Unter den Linden 1, Berlin, Deutschland', 'Germany', 'EUR'],
    ['221B Baker Street, London NW1 6XE, United Kingdom', 'United Kingdom', 'GBP'],
    ['221B Baker Street, London, UK', 'United Kingdom', 'GBP'],
    ['1 Paseo de la Reforma, Mexico City, Mexico', 'Mexico', 'MXN'],
    ['1 Plaza, Santa Fe, New Mexico', 'United States', 'USD'],
    // The country is the last part that names one: a street named after a place does not count.
    ['3 Paris Road, Thrissur, Kerala', 'India', 'INR'],
  ])('%s is in %s, so its prices are in %s', (address, country, currency) => {
    expect(countryForAddress(address)).toBe(country);
    expect(defaultCurrencyForAddress(address)).toBe(currency);
  });

  it('falls back to US dollars when the address names no known country', () => {
    expect(countryForAddress('42 Nowhere Lane')).toBeUndefined();
    expect(defaultCurrencyForAddress('42 Nowhere Lane')).toBe('USD');
    expect(currencyForCountry('Atlantis')).toBe('USD');
  });

  it('knows a country by its other names, in any case', () => {
    expect(currencyForCountry('india')).toBe('INR');
    expect(currencyForCountry('España')).toBe('EUR');
  });
});

describe('formatting money: one helper for every screen and e-mail', () => {
  it.each([
    [50, 'USD', '$50.00'],
    [50, 'EUR', '€50.00'],
    [50, 'INR', '₹50.00'],
    [80.5, 'GBP', '£80.50'],
    [0, 'EUR', '€0.00'],
    [1234.5, 'USD', '$1,234.50'],
    [500, 'JPY', '¥500'],
  ])('%d %s is shown as %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency)).toBe(shown);
  });

  it('names the sign for labels', () => {
    expect([
      currencySymbol('USD'),
      currencySymbol('EUR'),
      currencySymbol('INR'),
      currencySymbol('XX1'),
    ]).toEqual(['$', '€', '₹', 'XX1']);
  });

  it('shows an unknown code rather than failing', () => {
    expect(formatMoney(5, 'XX1')).toBe('XX1 5.00');
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
  });

  it('converts to and from the smallest unit by the currency', () => {
    expect(toMinorUnits(50, 'INR')).toBe(5000);
    expect(toMinorUnits(18.55, 'EUR')).toBe(1855);
    expect(toMinorUnits(500, 'JPY')).toBe(500);
    expect(fromMinorUnits(5000, 'EUR')).toBe(50);
  });
});

describe('the currency setting accepts only supported codes', () => {
  it('takes a code in any case', () => {
    expect(Currency.parse(' eur ')).toBe('EUR');
  });
  it.each(['EURO', 'XYZ', '', 12])('refuses %p with a clear message', (value) => {
    const result = Currency.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.currencyUnsupported);
  });
});
