/**
 * Times the orders screen's pure preparation (src/features/orders/order-query.ts) over 10 000
 * generated orders: de-duplication + display texts, and paging. The search and the day range
 * run on the server (GET /user/getbookorders), so the screen prepares one page of 100 at a
 * time. A benchmark, not a test: it prints milliseconds and asserts nothing.
 *   pnpm --filter remote-library bench        BENCH_ORDERS=50000 BENCH_ITERATIONS=50 pnpm bench
 *
 * The TypeScript sources are compiled with @swc/core (already a dev dependency) and imported
 * from memory, so the numbers are those of the very code the screen runs.
 */
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { transformSync } from '@swc/core';

/** Compiles one TypeScript module to a data: URL, its relative imports replaced by `imports`. */
function compile(relativePath, imports = {}) {
  const source = fileURLToPath(new URL(relativePath, import.meta.url));
  let { code } = transformSync(readFileSync(source, 'utf8'), {
    filename: source,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  for (const [specifier, url] of Object.entries(imports)) code = code.replaceAll(`'${specifier}'`, `'${url}'`);
  return `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
}

const dedupe = compile('../src/lib/dedupe-orders.ts');
const { dedupeOrders, indexOrders, paginate } = await import(
  compile('../src/features/orders/order-query.ts', { '../../lib/dedupe-orders': dedupe })
);

const COUNT = Number(process.env.BENCH_ORDERS ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PAGE = 12;

// The screen's formats (shared-contracts' formatDateTime and formatRand), copied: a node
// script may not import the browser package.
const pad = (n) => String(n).padStart(2, '0');
const formatters = {
  formatDate(value) {
    const d = new Date(value);
    return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  },
  formatPrice(value) {
    const [whole, cents] = Math.abs(value ?? 0)
      .toFixed(2)
      .split('.');
    return `R ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${cents}`;
  },
};

const STATUSES = ['shipped to customer', 'pending', 'returned', 'cancelled'];
const CUSTOMERS = ['Naledi Dube', 'Pieter Botha', 'Lerato Mokoena', 'Sipho Nkosi', 'Anna van Wyk'];
const start = Date.UTC(2023, 0, 1);
// 2% repeats of earlier order ids, as a feed with duplicates would have.
const orders = Array.from({ length: COUNT }, (_, i) => ({
  order_id: i % 50 === 49 ? i - 7 : i + 1,
  product_title: `Book number ${i % 700} volume ${i % 13}`,
  customer: CUSTOMERS[i % CUSTOMERS.length],
  sale_status: STATUSES[i % STATUSES.length],
  selling_price: 50 + ((i * 37) % 2000) + 0.99,
  quantity: 1 + (i % 9),
  order_date: new Date(start + i * 3_600_000).toISOString(),
}));

function time(run) {
  run();
  const timings = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const began = performance.now();
    run();
    timings.push(performance.now() - began);
  }
  timings.sort((a, b) => a - b);
  return { median: timings[Math.floor(timings.length / 2)], max: timings[timings.length - 1] };
}

const indexed = indexOrders(orders, formatters);
const cases = [
  ['dedupe', () => dedupeOrders(orders)],
  ['dedupe + index (every order)', () => indexOrders(orders, formatters)],
  ['dedupe + index (one server page of 100)', () => indexOrders(orders.slice(0, 100), formatters)],
  ['paginate: first 12', () => paginate(indexed, PAGE)],
];

console.log(`orders query over ${COUNT} orders (${indexed.length} unique), ${ITERATIONS} iterations`);
for (const [name, run] of cases) {
  const { median, max } = time(run);
  console.log(`  ${name.padEnd(46)} median ${median.toFixed(2).padStart(8)} ms   max ${max.toFixed(2).padStart(8)} ms`);
}
