import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** A quote option (paper type or book type with unit cost, genre, or standard size), tagged by `group`. */
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
/** One message of the support chat: the user's, the support team's (`admin`) or the system's. */
export type ChatMessage = Schemas['ChatMessage'];

/** ZAR (shown R) for local books, USD for international books (issue 17's reports). */
export type Currency = Schemas['Currency'];
/** Sales figures in one currency; amounts in integer cents (GET /reports/*). */
export type ReportFigures = Schemas['ReportFigures'];
/** An amount in integer cents of its currency. */
export type MoneyAmount = Schemas['MoneyAmount'];
/** GET /reports/sales: the time series of the books compared, with splits and totals per currency. */
export type SalesReport = Schemas['SalesReport'];
/** GET /reports/summary: the dashboard's figures. */
export type ReportsSummary = Schemas['ReportsSummary'];
/** An upload not yet published, with the wizard stage it is at (GET /reports/summary). */
export type BookInProgress = Schemas['BookInProgress'];
/** One payout period's statement (GET /reports/statements). */
export type StatementSummary = Schemas['StatementSummary'];

/** The user's books as GET /user/getuserbooks answers them. */
export interface SharedBooks {
  localBooks: Book[];
  internationalBooks: Book[];
}

/**
 * The shared collections of account-area.md section 7 ("Shared loaders"), under the names of
 * the specification's stored state. Each is one query now (src/query), loaded when first shown.
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
