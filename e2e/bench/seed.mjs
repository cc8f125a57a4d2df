#!/usr/bin/env node
/**
 * The benchmark's large data set, written straight into the server's database through the
 * compiled server (openapi/server/dist, `pnpm --filter api-server build` first):
 *   - a bench author, active, with BOOKS books (half local, half international) and ORDERS
 *     orders spread over those books;
 *   - BULK_AUTHORS more, empty authors for the bulk CSV upload, one per run (their quotes must
 *     not swell the first one's getuserbooks, nor the next run's library);
 *   - an upload author for the chunked upload, whose books each run quotes and signs itself.
 * Rows come from SQL generate_series, so 10,000 orders take a second, not minutes.
 *   node e2e/bench/seed.mjs --books 200 --orders 10000 [--bulk-authors 5]   (PGlite in DATA_DIR, or DATABASE_URL)
 *   node e2e/bench/seed.mjs --delete a@x,b@x                  (removes those users and their rows)
 * Prints one JSON line: { author: { email, password, firstName }, bulkAuthor, bulkAuthors: [...], uploadAuthor }.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi', 'server');
const dist = (file) => import(pathToFileURL(path.join(SERVER_DIR, 'dist', file)).href);
// kysely is the server's dependency, not e2e's: resolve it from there.
const { sql } = await import(
  pathToFileURL(createRequire(path.join(SERVER_DIR, 'package.json')).resolve('kysely')).href
);

const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '200' },
    orders: { type: 'string', default: '10000' },
    'bulk-authors': { type: 'string', default: '1' },
    delete: { type: 'string' },
  },
});

// A new PGlite directory is created (initdb in WebAssembly) before the server opens it: on a
// busy machine creating it took 90 s, which with the migrations outlasts the server's plugin
// timeout; opening an existing one is quick.
if (!process.env.DATABASE_URL && process.env.DATA_DIR) {
  const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));
  const { PGlite } = await import(pathToFileURL(serverRequire.resolve('@electric-sql/pglite')).href);
  const created = await PGlite.create(process.env.DATA_DIR);
  await created.close();
}

const { buildApp } = await dist('app.js');
const app = await buildApp({
  config: { rateLimits: false, jobs: { worker: false, pollIntervalMs: 60_000 } },
});

try {
  if (values.delete) {
    const emails = values.delete.split(',').map((email) => email.toLowerCase());
    await sql`DELETE FROM users WHERE lower(email) IN (${sql.join(emails)})`.execute(app.db);
    console.log(JSON.stringify({ deleted: emails }));
  } else {
    const books = Number(values.books);
    const orders = Number(values.orders);
    const { hashPassword } = await dist('services/password-hash.js');
    const stamp = `${Date.now()}-${process.pid}`;
    const password = 'Bench#2026pass';
    const passwordHash = await hashPassword(password);
    const create = (email, nameFirst) =>
      app.userRepository.create({ email, passwordHash, nameFirst, nameLast: 'Bench', userStatus: 1, initialLogin: 1 });
    const author = { email: `bench-${stamp}@pod.local`, password, firstName: 'Benedict' };
    // One empty author per bulk upload run: each run saves thousands of quotes, and the next
    // run must start from an empty library, as the first did.
    const bulkAuthors = Array.from({ length: Math.max(1, Number(values['bulk-authors'])) }, (_, k) => ({
      email: `bench-bulk-${stamp}-${k + 1}@pod.local`,
      password,
      firstName: 'Bulisa',
    }));
    // The chunked upload's author: each run quotes and signs a book of its own in this library.
    const uploadAuthor = { email: `bench-upload-${stamp}@pod.local`, password, firstName: 'Ulwazi' };
    const user = await create(author.email, author.firstName);
    for (const bulkAuthor of bulkAuthors) await create(bulkAuthor.email, bulkAuthor.firstName);
    await create(uploadAuthor.email, uploadAuthor.firstName);

    await sql`
      INSERT INTO books (user_id, pair_id, is_international, book_title, format_type, no_of_pages, price_sale,
                         local_price, international_price, local_royalty, international_royalty, misc)
      SELECT ${user.id}, gen_random_uuid(), i % 2 = 1, 'Bench book ' || i, 'print', 120 + i % 300, 150 + i,
             150 + i, 12 + i % 20, 25 + i % 7, 2 + (i % 5) * 0.5,
             '{"status":"approved","bookStage":"published","archived":false,"isPaid":true}'::jsonb
      FROM generate_series(1, ${books}) AS i`.execute(app.db);
    const { rows } = await sql`SELECT min(id) AS first FROM books WHERE user_id = ${user.id}`.execute(app.db);
    const firstBook = Number(rows[0].first);
    // No letter q anywhere in these rows: the /orders keystroke measure types it to get an empty list.
    await sql`
      INSERT INTO orders (order_id, user_id, book_id, product_title, customer, sale_status, selling_price,
                          quantity, order_date, channel)
      SELECT (300000000 + i)::text, ${user.id}, ${firstBook} + (i * 7919) % ${books}, 'Bench book ' || (i * 7919) % ${books},
             'Customer ' || i % 997,
             CASE WHEN i % 33 = 0 THEN 'returned' WHEN i % 20 = 0 THEN 'cancelled by customer'
                  ELSE 'shipped to customer' END,
             100 + i % 50, 1 + i % 3, timestamptz '2026-01-01 00:00:00+02' + (i * interval '2500 seconds'),
             CASE WHEN i % 10 < 7 THEN 'takealot' ELSE 'direct' END
      FROM generate_series(1, ${orders}) AS i`.execute(app.db);
    await sql`ANALYZE orders`.execute(app.db);
    await sql`ANALYZE books`.execute(app.db);
    console.log(JSON.stringify({ author, bulkAuthor: bulkAuthors[0], bulkAuthors, uploadAuthor, books, orders }));
  }
} finally {
  await app.close();
}
