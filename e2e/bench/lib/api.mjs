// API latency under load with autocannon: 20 connections, each call against a bare route
// (/healthz: no database, no auth) measured in the same run, so the ratio holds across machines.
import autocannon from 'autocannon';

/** Signs in through the API and returns an access token. */
export async function accessToken(origin, account) {
  const response = await fetch(`${origin}/api/v1/authO/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.accessToken) throw new Error(`login ${response.status}: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** The calls of the table, each with the check that its answer is the big one. */
export const API_CALLS = [
  { key: 'bare', name: 'bare route (GET /healthz)', path: '/healthz', auth: false },
  { key: 'viewuserinfo', name: 'viewuserinfo', path: '/api/v1/user/viewuserinfo', auth: true },
  { key: 'getuserbooks', name: 'getuserbooks', path: '/api/v1/user/getuserbooks', auth: true },
  {
    key: 'getbookorders',
    name: 'getbookorders, page of 100',
    path: '/api/v1/user/getbookorders?skip=0&take=100',
    auth: true,
  },
];

/** p99 and mean latency (ms) and requests/s of one call at `connections` concurrent, for `seconds` or `amount` requests. */
export async function loadTest(origin, call, token, { connections = 20, seconds = 5, amount } = {}) {
  const probe = await fetch(`${origin}${call.path}`, {
    headers: call.auth ? { authorization: `Bearer ${token}` } : {},
  });
  if (!probe.ok) throw new Error(`${call.path}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
  const result = await autocannon({
    url: `${origin}${call.path}`,
    connections,
    // A fixed number of requests (the smoke run) waits for every answer; a duration drops those
    // still in flight, which on a loaded machine can be all of them.
    ...(amount ? { amount } : { duration: seconds }),
    // A slow answer is a figure, not an error: autocannon's 10 s default would turn it into one.
    timeout: 60,
    headers: call.auth ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0)
    throw new Error(`${call.path}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  if (!result.requests.total) throw new Error(`${call.path}: no request completed`);
  return { p99: result.latency.p99, mean: result.latency.average, rps: result.requests.average };
}
