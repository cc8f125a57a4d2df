/**
 * Throughput of the session endpoints through app.inject (no network), on in-memory PGlite or,
 * with DATABASE_URL, on PostgreSQL. Not a test: numbers depend on the machine.
 *   pnpm bench            BENCH_ITERATIONS=200 pnpm bench
 */
import { buildApp } from '../src/app.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const app = await buildApp({
  ...(process.env.OPENAPI_SPEC && { specPath: process.env.OPENAPI_SPEC }),
  ...(process.env.DATABASE_URL ? {} : { database: { dataDir: 'memory://' } }),
  // Measures the endpoints, not the limiter; background jobs (reset mails) are not run meanwhile.
  config: { jwtSecret: 'bench-secret', rateLimits: false, jobs: { worker: false, pollIntervalMs: 500 } },
});

const email = `bench.${Date.now()}@example.test`;
const password = 'Bench#2026pass';
const registered = await app.inject({
  method: 'POST',
  url: '/api/v1/user/adduser',
  payload: { username: email, email, password, confirm_password: password, name_first: 'Bench', name_last: 'Mark' },
});
if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);

interface Result {
  name: string;
  timings: number[];
}

async function measure(name: string, run: () => Promise<void>): Promise<Result> {
  await run(); // warm-up: JIT, prepared plans, argon2 thread pool
  const timings: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await run();
    timings.push(performance.now() - start);
  }
  return { name, timings };
}

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
}

let refreshToken = registered.json<{ refreshToken: string }>().refreshToken;
let accessToken = registered.json<{ accessToken: string }>().accessToken;

const results = [
  await measure('login (argon2id verify + new family)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/authO/login', payload: { email, password } });
    expectStatus(response, 200);
  }),
  await measure('refresh (rotation in a transaction)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/authO/refresh',
      payload: { token: refreshToken },
    });
    expectStatus(response, 200);
    ({ refreshToken, accessToken } = response.json<{ refreshToken: string; accessToken: string }>());
  }),
  await measure('viewuserinfo (JWT verify + one select)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/user/viewuserinfo',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expectStatus(response, 200);
  }),
];

/**
 * forgot-password for a known and an unknown address, interleaved (drift hits both alike). The
 * AUC is the chance that a known address's answer was slower than an unknown one's: 0.5 means
 * the timing tells nothing (the probe measured 0.72 before the work moved to a job).
 */
const forgot = (address: string) => async () => {
  const response = await app.inject({ method: 'PUT', url: `/api/v1/user/forgotpwd/${encodeURIComponent(address)}` });
  expectStatus(response, 200);
};
const knownForgot = forgot(email);
const unknownForgot = forgot(`nobody.${Date.now()}@example.test`);
const forgotKnown: number[] = [];
const forgotUnknown: number[] = [];
await knownForgot();
await unknownForgot();
for (let i = 0; i < iterations; i += 1) {
  for (const [run, timings] of [
    [knownForgot, forgotKnown],
    [unknownForgot, forgotUnknown],
  ] as const) {
    const start = performance.now();
    await run();
    timings.push(performance.now() - start);
  }
}
results.push(
  { name: 'forgotpwd, known address', timings: forgotKnown },
  { name: 'forgotpwd, unknown address', timings: forgotUnknown },
);
let slower = 0;
for (const known of forgotKnown)
  for (const unknown of forgotUnknown) slower += known > unknown ? 1 : known === unknown ? 0.5 : 0;
const forgotAuc = slower / (forgotKnown.length * forgotUnknown.length);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

console.log(`\n${iterations} iterations each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)'}\n`);
console.log(
  ['operation'.padEnd(42), 'ops/s'.padStart(8), 'mean ms'.padStart(9), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8)].join(
    ' ',
  ),
);
for (const { name, timings } of results) {
  const sorted = [...timings].sort((a, b) => a - b);
  const total = timings.reduce((sum, t) => sum + t, 0);
  console.log(
    [
      name.padEnd(42),
      ((timings.length / total) * 1000).toFixed(1).padStart(8),
      (total / timings.length).toFixed(2).padStart(9),
      percentile(sorted, 0.5).toFixed(2).padStart(8),
      percentile(sorted, 0.95).toFixed(2).padStart(8),
    ].join(' '),
  );
}

console.log(`\nforgotpwd timing AUC (known slower than unknown): ${forgotAuc.toFixed(3)} (0.5 = indistinguishable)`);

await app.close();
