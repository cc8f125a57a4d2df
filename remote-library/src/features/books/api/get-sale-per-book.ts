import { client, unwrap, type SalesSummary } from '@pod/shared-contracts';

/** Sales figures of one book: GET /user/getsaleperbook/{id} (zeros when none). Throws ApiError. */
export async function getSalePerBook(id: number): Promise<SalesSummary> {
  return unwrap(await client.GET('/user/getsaleperbook/{id}', { params: { path: { id } } })).result;
}
