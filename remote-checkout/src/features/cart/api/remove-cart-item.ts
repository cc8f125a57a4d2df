import { client, unwrap } from '@pod/shared-contracts';
import type { CartResult } from '../../../lib/api/get-cart';

/**
 * DELETE /user/cart/{localBookId}/{internationalBookId}: takes one item out of the cart (`0`
 * stands for a null id). Resolves with the cart after removal; throws ApiError (404 when the
 * pair is not in the user's cart).
 */
export async function removeCartItem(
  localBookId: number | null,
  internationalBookId: number | null,
): Promise<CartResult> {
  return unwrap(
    await client.DELETE('/user/cart/{localBookId}/{internationalBookId}', {
      params: { path: { localBookId: localBookId ?? 0, internationalBookId: internationalBookId ?? 0 } },
    }),
  );
}
