import { ACTIVE_TAB_STORAGE_KEYS, invalidateAfter, queryClient, STORAGE_KEYS } from '@pod/shared-contracts';
import { clearCheckoutState } from '../../lib/checkout-state';

/**
 * What a paid cart leaves in local storage (account-area.md section 4: "Success clears all
 * local storage except the access token, refresh token, current user and active-tab info").
 */
export const KEPT_LOCAL_KEYS: readonly string[] = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.currentUser,
  ...Object.values(ACTIVE_TAB_STORAGE_KEYS),
];

/**
 * Removes every local-storage key except KEPT_LOCAL_KEYS. The kept keys are never rewritten
 * (the session module alone writes tokens); sessionStorage is left alone apart from the
 * checkout's own coupon key, so the tab guard's tab id survives.
 */
export function clearLocalStorageAfterCheckout(): void {
  let storage: Storage | undefined;
  try {
    storage = globalThis.localStorage;
  } catch {
    return; // storage disabled: nothing was kept either
  }
  if (!storage) return;
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !KEPT_LOCAL_KEYS.includes(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/**
 * After a paid cart: clears local storage (above), forgets the coupon (atom and
 * 'pod-checkout-coupon') and the payment summary, then tells every view a payment was made
 * (the user's balance and cart in the top bar, the books now in proofing, the cart, the
 * transactions). Never rejects.
 */
export async function finishCheckout(client = queryClient): Promise<void> {
  clearLocalStorageAfterCheckout();
  clearCheckoutState();
  await invalidateAfter(client, 'paymentMade').catch(() => undefined);
}
