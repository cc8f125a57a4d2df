import { atom, type PrimitiveAtom } from 'jotai';
import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** A quote option (paper type, book type or genre), tagged by `group`. */
export type QuoteResource = Schemas['QuoteResource'];
/** One line of the user's sales list. */
export type SalesSummary = Schemas['SalesSummary'];
/** One order of one of the user's books. */
export type Order = Schemas['Order'];
/** A voice-over artist for audiobooks. */
export type VoiceArtist = Schemas['VoiceArtist'];
/** A book record (local or international). */
export type Book = Schemas['Book'];
/** The price configuration. */
export type Prices = Schemas['Prices'];

/** The user's books as GET /user/getuserbooks answers them. */
export interface SharedBooks {
  localBooks: Book[];
  internationalBooks: Book[];
}

/**
 * The shared collections of account-area.md section 7 ("Shared loaders", loaded when
 * user_status is 1), under the names of the specification's stored state.
 */
export interface SharedData {
  /** GET /user/quoteinfo */
  resources: QuoteResource[];
  /** GET /user/getallsale */
  sales: SalesSummary[];
  /** GET /user/getbookorders?skip=0&take=100 (statusCode 11: none) */
  orders: Order[];
  /** GET /voiceover/getallvoiceoverartists */
  voiceArtists: VoiceArtist[];
  /** GET /user/getuserbooks */
  books: SharedBooks;
  /** GET /user/pricinglist (one configuration in practice) */
  prices: Prices[];
}

/** The name of one shared collection. */
export type SharedCollectionName = keyof SharedData;

/** Every shared collection, in the order they are requested. */
export const SHARED_COLLECTIONS: readonly SharedCollectionName[] = [
  'resources',
  'sales',
  'orders',
  'voiceArtists',
  'books',
  'prices',
];

/** Loading state of one collection. */
export interface SharedLoadState {
  /** A request for it is in flight. */
  loading: boolean;
  /** At least one load has finished since sign-in (successfully or not). */
  loaded: boolean;
  /** The last load failed; the collection was left empty. */
  failed: boolean;
}

/** The value each collection holds before it is loaded (and after logout). */
export function emptySharedData(): SharedData {
  return {
    resources: [],
    sales: [],
    orders: [],
    voiceArtists: [],
    books: { localBooks: [], internationalBooks: [] },
    prices: [],
  };
}

const EMPTY = emptySharedData();

/** Shared resources (quote options), in `sessionStore`. */
export const sharedResourcesAtom = atom<QuoteResource[]>(EMPTY.resources);
/** Shared sales list, in `sessionStore`. */
export const sharedSalesAtom = atom<SalesSummary[]>(EMPTY.sales);
/** Shared orders (first 100), in `sessionStore`. */
export const sharedOrdersAtom = atom<Order[]>(EMPTY.orders);
/** Shared voice-over artists, in `sessionStore`. */
export const sharedVoiceArtistsAtom = atom<VoiceArtist[]>(EMPTY.voiceArtists);
/** Shared books (local and international), in `sessionStore`. */
export const sharedBooksAtom = atom<SharedBooks>(EMPTY.books);
/** Shared price configuration, in `sessionStore`. */
export const sharedPricesAtom = atom<Prices[]>(EMPTY.prices);

/** Each collection's atom by name, for code that handles them generically. */
export const sharedDataAtoms: { readonly [K in SharedCollectionName]: PrimitiveAtom<SharedData[K]> } = {
  resources: sharedResourcesAtom,
  sales: sharedSalesAtom,
  orders: sharedOrdersAtom,
  voiceArtists: sharedVoiceArtistsAtom,
  books: sharedBooksAtom,
  prices: sharedPricesAtom,
};

/** The state before any load. */
export function initialLoadStates(): Record<SharedCollectionName, SharedLoadState> {
  const idle: SharedLoadState = { loading: false, loaded: false, failed: false };
  return {
    resources: idle,
    sales: idle,
    orders: idle,
    voiceArtists: idle,
    books: idle,
    prices: idle,
  };
}

/** Loading flags of every collection, in `sessionStore` (the host's fetching-books modal reads `books`). */
export const sharedDataStatusAtom = atom<Record<SharedCollectionName, SharedLoadState>>(initialLoadStates());
