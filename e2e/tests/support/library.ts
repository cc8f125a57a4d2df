import { expect, type Page } from '@playwright/test';

// Reads of the signed-in user's library through the API (with the access token the page holds
// in localStorage), so the journeys can compare the screens with the seeded data rather than
// with numbers copied from the seed. Field names as portal.yaml (and the server) answer them.

/** A book record of GET /user/getuserbooks. */
export interface ApiBook {
  id: number;
  book_title: string;
  format_type: string;
  price_sale?: number | string | null;
  local_price?: number | string | null;
  international_price?: number | string | null;
  localRoyalty?: number | string | null;
  internationRoyalty?: number | string | null;
  misc?: unknown;
}

/** An order line of GET /user/getbookorders or /user/getordersperbook/{id}. */
export interface ApiOrder {
  order_id: string | number;
  book_id?: number;
  product_title: string;
  customer?: string | null;
  sale_status?: string | null;
  selling_price?: number;
  quantity?: number;
  order_date?: string;
  createdAt?: string;
}

/** Sales figures of GET /user/getsaleperbook/{id}. */
export interface ApiSales {
  profit: number;
  quantity: number;
  returned: number;
  total_royalties: number;
  total_cost: number;
  total_revenue: number;
}

/** GET /api/v1{path} as the page's signed-in user; fails the test on any status but 200. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  expect(token, 'access-token in localStorage (signed in?)').toBeTruthy();
  const response = await page.request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(response.status(), `GET /api/v1${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The user's books, both regions. */
export function userBooks(page: Page): Promise<{ localBooks: ApiBook[]; internationalBooks: ApiBook[] }> {
  return apiGet(page, '/user/getuserbooks');
}

/** Every order of the user as GET /user/getbookorders pages them (100 at a time). */
export async function allOrders(page: Page): Promise<ApiOrder[]> {
  const all: ApiOrder[] = [];
  for (let skip = 0; ; skip += 100) {
    const body = await apiGet<{ results?: ApiOrder[] }>(page, `/user/getbookorders?skip=${skip}&take=100`);
    const results = body.results ?? [];
    all.push(...results);
    if (results.length < 100) return all;
    expect(skip, 'getbookorders pages (a server ignoring skip would loop)').toBeLessThan(10_000);
  }
}

/** Every order line of one book, repeated order ids included. */
export async function ordersOfBook(page: Page, bookId: number): Promise<ApiOrder[]> {
  const body = await apiGet<{ results?: ApiOrder[] }>(page, `/user/getordersperbook/${bookId}`);
  return body.results ?? [];
}

/** The sales figures of one book. */
export async function salesOfBook(page: Page, bookId: number): Promise<ApiSales> {
  const body = await apiGet<{ result: ApiSales }>(page, `/user/getsaleperbook/${bookId}`);
  return body.result;
}

/** Orders without repeats of an order id (first occurrence kept). */
export function distinctOrders<T extends { order_id: string | number }>(orders: readonly T[]): T[] {
  const seen = new Set<string>();
  return orders.filter((order) => {
    const key = String(order.order_id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `1234.5` -> `'1 234.50'`: 2 decimals, spaces between thousands (account-area.md section 9). */
export function amount(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  const [whole = '0', cents = '00'] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${cents}`;
}

/** Rand as the portal shows it: 'R 1 234.50'. */
export const rand = (value: number | string | null | undefined) => `R ${amount(value)}`;
