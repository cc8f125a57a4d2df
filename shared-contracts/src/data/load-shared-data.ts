import type { PrimitiveAtom } from 'jotai';
import { currentUserAtom, sessionStore } from '../session/store';
import { getAllSale } from './api/get-all-sale';
import { getAllVoiceoverArtists } from './api/get-all-voiceover-artists';
import { getBookOrders } from './api/get-book-orders';
import { getPricingList } from './api/get-pricing-list';
import { getQuoteInfo } from './api/get-quote-info';
import { getUserBooks } from './api/get-user-books';
import {
  emptySharedData,
  initialLoadStates,
  SHARED_COLLECTIONS,
  sharedDataAtoms,
  sharedDataStatusAtom,
  type SharedCollectionName,
  type SharedData,
  type SharedLoadState,
} from './collections';

const FETCHERS: { readonly [K in SharedCollectionName]: () => Promise<SharedData[K]> } = {
  resources: getQuoteInfo,
  sales: getAllSale,
  orders: getBookOrders,
  voiceArtists: getAllVoiceoverArtists,
  books: getUserBooks,
  prices: getPricingList,
};

// Bumped by every reset: an answer that arrives after a logout belongs to nobody and is dropped.
let generation = 0;
const inflight = new Map<SharedCollectionName, Promise<void>>();

function store<K extends SharedCollectionName>(name: K, value: SharedData[K]): void {
  sessionStore.set(sharedDataAtoms[name] as PrimitiveAtom<SharedData[K]>, value);
}

function setStatus(name: SharedCollectionName, update: (state: SharedLoadState) => SharedLoadState): void {
  sessionStore.set(sharedDataStatusAtom, (states) => ({ ...states, [name]: update(states[name]) }));
}

async function load<K extends SharedCollectionName>(name: K, started: number): Promise<void> {
  setStatus(name, (state) => ({ ...state, loading: true }));
  let value: SharedData[K];
  let failed = false;
  try {
    value = await FETCHERS[name]();
  } catch {
    // The specification's loaders swallow their errors: this collection stays empty, the others load.
    value = emptySharedData()[name];
    failed = true;
  }
  if (started !== generation) return;
  store(name, value);
  setStatus(name, () => ({ loading: false, loaded: true, failed }));
}

/**
 * (Re)loads one shared collection into its atom, e.g. `loadSharedCollection('books')` after
 * a book was deleted. Never rejects: a failed call leaves the collection empty and marks it
 * `failed`. Concurrent calls for one collection share one request.
 */
export function loadSharedCollection(name: SharedCollectionName): Promise<void> {
  const running = inflight.get(name);
  if (running) return running;
  const started = generation;
  const request = load(name, started).finally(() => {
    if (inflight.get(name) === request) inflight.delete(name);
  });
  inflight.set(name, request);
  return request;
}

/**
 * Loads every shared collection in parallel (account-area.md section 7, "Shared loaders",
 * run when user_status is 1): resources, sales, orders, voiceArtists, books and prices.
 * Never rejects; resolves when every call has settled.
 */
export async function loadSharedData(): Promise<void> {
  await Promise.all(SHARED_COLLECTIONS.map((name) => loadSharedCollection(name)));
}

/** Empties every shared collection and its loading flags, and drops answers still on the way. */
export function resetSharedData(): void {
  generation += 1;
  inflight.clear();
  const empty = emptySharedData();
  for (const name of SHARED_COLLECTIONS) store(name, empty[name]);
  sessionStore.set(sharedDataStatusAtom, initialLoadStates());
}

// Logout (and a sign-in as someone else) changes the current user: one user's books must
// never be shown to the next, so the shared data follows the user. logout() itself stays
// unaware of this module.
let userId = sessionStore.get(currentUserAtom)?.id ?? null;
sessionStore.sub(currentUserAtom, () => {
  const next = sessionStore.get(currentUserAtom)?.id ?? null;
  if (next !== userId) resetSharedData();
  userId = next;
});
