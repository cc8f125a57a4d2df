/** The query of /checkout/success and /checkout/cancelled: the provider's return parameters. */
export interface ReturnParams {
  /** One-time return token (issued by POST /user/createtransaction); absent on the balance path. */
  token: string | null;
  /** Transaction id. */
  id: string | null;
  /** Transaction reference: 'PAY-...' from a provider, 'BAL-...' when the balance paid. */
  tref: string | null;
}

const read = (params: URLSearchParams, name: string): string | null => params.get(name)?.trim() || null;

/** Reads token, id and tref; blank values count as absent. */
export function readReturnParams(params: URLSearchParams): ReturnParams {
  return { token: read(params, 'token'), id: read(params, 'id'), tref: read(params, 'tref') };
}
