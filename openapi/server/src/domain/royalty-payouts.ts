import {
  compareQuarters,
  nextQuarter,
  payoutDateOf,
  quarterEnd,
  quarterName,
  quarterOf,
  type DayNumber,
  type Quarter,
} from './report-periods.js';

/**
 * The payout rule (portal.yaml, GET /reports/summary): royalties are paid quarterly, at the end of
 * March, June, September and December, each payout paying the calendar quarter before it plus
 * what earlier payouts carried forward; an amount is paid only when it is above the threshold
 * (R100, the account area's "balance above 100"), otherwise it is carried to the next payout.
 * Each currency is judged on its own. Pure: the same orders give the same history on every run,
 * so statements need no stored payout state.
 */

export type PayoutStatus = 'open' | 'pending' | 'paid' | 'carried_forward';

/** R100 in cents: the account area's payout threshold. */
export const PAYOUT_THRESHOLD_ZAR_CENTS = 10_000;

/** The USD threshold: R100 at the configured rand per dollar, rounded up to the cent. */
export const usdThresholdCents = (usdZarRate: number) => Math.ceil(PAYOUT_THRESHOLD_ZAR_CENTS / usdZarRate);

export interface QuarterAmount {
  quarter: Quarter;
  /** Net royalties of the quarter in one currency, cents. */
  cents: number;
}

export interface PayoutHistory {
  /** Status of each quarter from the first to the current one, by quarter name. */
  statuses: Map<string, PayoutStatus>;
  /** The next payout of this currency: its amount and the quarters it pays. */
  next: { date: DayNumber; cents: number; periods: string[] };
}

/**
 * Walks the quarters from `first` to the one containing `today`: quarters not over are open,
 * a closed quarter whose payout date has not passed is pending, and at each passed payout date
 * the carried amount plus the quarter's royalties is paid when above `thresholdCents`.
 * A payout happens at the end of its day, so on the payout date itself it is still pending.
 */
export function payoutHistory(
  first: Quarter,
  today: DayNumber,
  amounts: readonly QuarterAmount[],
  thresholdCents: number,
): PayoutHistory {
  const current = quarterOf(today);
  const amountOf = (quarter: Quarter) => amounts.find((a) => compareQuarters(a.quarter, quarter) === 0)?.cents ?? 0;
  const statuses = new Map<string, PayoutStatus>();
  let carried = 0;
  let carriedPeriods: string[] = [];
  let next: PayoutHistory['next'] | undefined;
  for (let quarter = first; compareQuarters(quarter, current) <= 0; quarter = nextQuarter(quarter)) {
    const name = quarterName(quarter);
    if (today <= quarterEnd(quarter)) {
      statuses.set(name, 'open');
    } else if (today <= payoutDateOf(quarter)) {
      statuses.set(name, 'pending');
      next = {
        date: payoutDateOf(quarter),
        cents: carried + amountOf(quarter),
        periods: [...carriedPeriods, name],
      };
    } else if (carried + amountOf(quarter) > thresholdCents) {
      statuses.set(name, 'paid');
      carried = 0;
      carriedPeriods = [];
    } else {
      statuses.set(name, 'carried_forward');
      carried += amountOf(quarter);
      carriedPeriods.push(name);
    }
  }
  // No pending quarter: the user's first quarter is the current one. The next payout (at its
  // end, paying the quarter before, which had no sales) holds nothing yet.
  return { statuses, next: next ?? { date: quarterEnd(current), cents: carried, periods: carriedPeriods } };
}
