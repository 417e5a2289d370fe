// Fixed, documented rates so amounts in tests are predictable.
// CNY per one major unit of each currency.
export const CNY_RATES: Record<string, number> = {
  CNY: 1,
  USD: 7.1,
  EUR: 7.7,
  GBP: 9,
  HKD: 0.91,
  JPY: 0.048,
  KRW: 0.0052,
  SGD: 5.3,
  AUD: 4.7,
};

export const CURRENCY_DIGITS: Record<string, number> = { JPY: 0, KRW: 0 };
export const digitsOf = (currency: string) => CURRENCY_DIGITS[currency] ?? 2;

export const SETTLEMENT_CURRENCY = "USD";

/** CNY amount in fen for an amount in the currency's minor unit; null when no rate is known. */
export function toCnyFen(amount: number, currency: string): number | null {
  const rate = CNY_RATES[currency];
  if (rate === undefined) return null;
  const major = amount / 10 ** digitsOf(currency);
  return Math.round(major * rate * 100);
}

export const fenToString = (fen: number) => (fen / 100).toFixed(2);

/** Real-time conversion to the settlement currency, present only when the currencies differ. */
export function exchangeFor(amount: number, currency: string) {
  if (currency === SETTLEMENT_CURRENCY) return null;
  const from = CNY_RATES[currency];
  const to = CNY_RATES[SETTLEMENT_CURRENCY]!;
  if (from === undefined) return { amount: null, currency: SETTLEMENT_CURRENCY, rate: null };
  const rate = Number((from / to).toFixed(6));
  const major = amount / 10 ** digitsOf(currency);
  return { amount: Math.round(major * rate * 100), currency: SETTLEMENT_CURRENCY, rate };
}
