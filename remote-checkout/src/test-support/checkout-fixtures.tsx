import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { alertsAtom, AlertRegion, hydrateSession, sessionStore, type User } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App, { preloadScreens } from '../app';
import type { CartResult } from '../lib/api/get-cart';
import type { CartItem } from '../lib/cart-items';
import { clearCheckoutState } from '../lib/checkout-state';

/**
 * Two cart items whose figures are worked out by hand in the tests:
 * - Zulu Nights: one service, R 299.00, no discount -> VAT 44.85, final 343.85.
 * - a book that cannot be found: 'Ebook processing' R 200.00 with 10 percent off (20.00, VAT
 *   27.00, final 207.00) + 'Audio' R 100.00 with R 20.00 off (VAT 12.00, final 92.00)
 *   -> price 300.00, discount 40.00, VAT 39.00, final 299.00.
 * Items total 642.85.
 */
export const ZULU: CartItem = {
  book_id: 11,
  international_book_id: null,
  local_book_name: 'Zulu Nights',
  international_book_name: null,
  book_title: 'Zulu Nights',
  created_at: '2024-03-05T10:00:00',
  misc: JSON.stringify([
    { name: 'Print processing', description: 'Local print', cost: 299, discount: 0, discount_type: 0 },
  ]),
};

export const MISSING: CartItem = {
  book_id: null,
  international_book_id: 21,
  local_book_name: null,
  international_book_name: null,
  book_title: null,
  created_at: '2024-12-25T08:30:00',
  misc: JSON.stringify([
    { name: 'Ebook processing', cost: 200, discount: 10, discount_type: 1 },
    { name: 'Audio', cost: 100, discount: 20, discount_type: 0 },
  ]),
};

/** A CartResult around `items`; the server's own totals are deliberately not the UI's source. */
export function cartResult(items: CartItem[], balance: number, extra: Partial<CartResult> = {}): CartResult {
  return {
    statusCode: 0,
    results: items,
    itemsTotal: 0,
    couponDeduction: 0,
    cartTotal: 0,
    balance,
    amountToPay: 0,
    ...extra,
  };
}

export const thandi = (extra: Partial<User> = {}): User =>
  ({
    id: 7,
    email: 'thandi@example.co.za',
    name_first: 'Thandi',
    name_last: 'Mokoena',
    balance: 100,
    user_status: 1,
    initial_login: 1,
    ...extra,
  }) as User;

/** Empties storage, the session atoms, the checkout atoms and the alert bars between tests. */
export function resetCheckout(): void {
  localStorage.clear();
  sessionStorage.clear();
  hydrateSession();
  clearCheckoutState();
  sessionStore.set(alertsAtom, []);
}

// Each screen is a chunk of its own: fetched before the tests, so renderCheckout shows it at once.
beforeAll(() => preloadScreens());

/**
 * Renders remote_checkout's App at `path` as the host does (alert bars above it), optionally
 * under StrictMode, and returns a user-event session.
 */
export function renderCheckout(
  path: string,
  {
    strict = false,
    advanceTimers,
    queryClient,
  }: { strict?: boolean; advanceTimers?: (ms: number) => unknown; queryClient?: QueryClient } = {},
) {
  renderWithProviders(
    <>
      <AlertRegion />
      <App />
    </>,
    { route: path, probe: true, strict, ...(queryClient ? { queryClient } : {}) },
  );
  return userEvent.setup(advanceTimers ? { advanceTimers } : {});
}

/** The path and query the router is at. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The texts of the alert bars raised through raiseAlert. */
export function raisedAlerts(): string[] {
  return sessionStore.get(alertsAtom).map((alert) => alert.message);
}
