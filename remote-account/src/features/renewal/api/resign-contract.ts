import { client, unwrap, type components, type RenewalBook } from '@pod/shared-contracts';

/** The re-sign data (spec section 3): the signature and initials as PNG data URLs and the signed place. */
export type ResignBody = components['schemas']['ResignBody'];

/** The body of the answer: statusCode 0 and 'Contract for book {title} re-signed successfully.' on success. */
export type ResignAnswer = components['schemas']['StatusDescription'];

/**
 * PUT /user/resign/{a}/{b}: re-signs the contract of one listed book, `a` its record id and `b`
 * its region flag (`is_international`: 1 when the contract carries the international royalty).
 * Throws ApiError (404 when nothing is left to re-sign for it, 400 for unusable sign data).
 */
export async function resignContract(
  book: Pick<RenewalBook, 'id' | 'is_international'>,
  body: ResignBody,
): Promise<ResignAnswer> {
  return unwrap(
    await client.PUT('/user/resign/{a}/{b}', {
      params: { path: { a: book.id, b: book.is_international } },
      body,
    }),
  );
}
