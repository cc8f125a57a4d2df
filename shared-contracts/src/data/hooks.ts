import { useAtomValue } from 'jotai';
import { sessionStore } from '../session/store';
import {
  sharedBooksAtom,
  sharedDataStatusAtom,
  sharedOrdersAtom,
  sharedPricesAtom,
  sharedResourcesAtom,
  sharedSalesAtom,
  sharedVoiceArtistsAtom,
  type Order,
  type Prices,
  type QuoteResource,
  type SalesSummary,
  type SharedBooks,
  type SharedCollectionName,
  type SharedLoadState,
  type VoiceArtist,
} from './collections';

/** The user's books (local and international) as last loaded; empty before the first load. */
export function useSharedBooks(): SharedBooks {
  return useAtomValue(sharedBooksAtom, { store: sessionStore });
}

/** The first 100 orders of the user's books as last loaded. */
export function useSharedOrders(): Order[] {
  return useAtomValue(sharedOrdersAtom, { store: sessionStore });
}

/** The user's sales list as last loaded. */
export function useSharedSales(): SalesSummary[] {
  return useAtomValue(sharedSalesAtom, { store: sessionStore });
}

/** The quote options (paper types, book types, genres) as last loaded. */
export function useSharedResources(): QuoteResource[] {
  return useAtomValue(sharedResourcesAtom, { store: sessionStore });
}

/** The voice-over artists as last loaded. */
export function useSharedVoiceArtists(): VoiceArtist[] {
  return useAtomValue(sharedVoiceArtistsAtom, { store: sessionStore });
}

/** The price configuration as last loaded (one element in practice). */
export function useSharedPrices(): Prices[] {
  return useAtomValue(sharedPricesAtom, { store: sessionStore });
}

/** Loading flags of one collection: `loading`, `loaded` (once since sign-in) and `failed`. */
export function useSharedDataStatus(name: SharedCollectionName): SharedLoadState {
  return useAtomValue(sharedDataStatusAtom, { store: sessionStore })[name];
}
