import type { FormatType } from '../plugins/external/db-schema.js';

// Plain data: the demo account's library, one entry per upload (a local and/or international
// record). Prices are the author's sale prices; costs are computed from the reference tables.

export interface DemoUpload {
  title: string;
  format: FormatType;
  regions: Array<'local' | 'international'>;
  pages: number | null;
  localPrice?: number;
  internationalPrice?: number;
  status: string;
  stage: string;
  paid: boolean;
  archived?: boolean;
  isbn: string | null;
  genreId: number;
  thumbnail?: string;
  /** Relative weight of this upload's share of the orders (approved books only). */
  orderWeight?: number;
  ageDays: number;
}

/**
 * The reference options (migration 003) the demo print books use: local paper 1 and cover 1,
 * international paper 1 and cover 7. Their unit costs are read from the database.
 */
export const DEMO_PRINT_OPTIONS = {
  local: { paperTypeId: 1, coverTypeId: 1 },
  international: { paperTypeId: 1, coverTypeId: 7 },
} as const;

export const DEMO_UPLOADS: DemoUpload[] = [
  {
    title: "The Baobab's Secret",
    format: 'print',
    regions: ['local', 'international'],
    pages: 240,
    localPrice: 249,
    internationalPrice: 14.99,
    status: 'approved',
    stage: 'published',
    paid: true,
    isbn: '9780639871201',
    genreId: 1,
    thumbnail: '#8a3b12',
    orderWeight: 5,
    ageDays: 600,
  },
  {
    title: 'Sunrise over Soweto',
    format: 'print',
    regions: ['local'],
    pages: 180,
    localPrice: 199,
    status: 'approved',
    stage: 'published',
    paid: true,
    isbn: '9780639871218',
    genreId: 5,
    thumbnail: '#d97706',
    orderWeight: 3,
    ageDays: 560,
  },
  {
    title: 'Kitchen Stories from the Karoo',
    format: 'print',
    regions: ['international'],
    pages: 320,
    internationalPrice: 24.5,
    status: 'approved',
    stage: 'published',
    paid: true,
    isbn: '9780639871225',
    genreId: 9,
    orderWeight: 2,
    ageDays: 500,
  },
  {
    title: 'Digital Nomad Diaries',
    format: 'ebook',
    regions: ['international'],
    pages: 150,
    internationalPrice: 6.99,
    status: 'approved',
    stage: 'published',
    paid: true,
    isbn: '9780639871232',
    genreId: 8,
    thumbnail: '#0f766e',
    orderWeight: 2,
    ageDays: 450,
  },
  {
    title: 'Voices of the Veld',
    format: 'audiobook',
    regions: ['local', 'international'],
    pages: 210,
    localPrice: 179,
    internationalPrice: 12.99,
    status: 'approved',
    stage: 'published',
    paid: true,
    isbn: '9780639871249',
    genreId: 11,
    thumbnail: '#4338ca',
    orderWeight: 1,
    ageDays: 420,
  },
  {
    title: 'The Last Lighthouse Keeper',
    format: 'print',
    regions: ['local', 'international'],
    pages: 296,
    localPrice: 279,
    internationalPrice: 16.99,
    status: 'pending',
    stage: 'uploaded',
    paid: true,
    isbn: '9780639871256',
    genreId: 3,
    thumbnail: '#1e3a8a',
    ageDays: 60,
  },
  {
    title: 'Midnight in Durban',
    format: 'print',
    regions: ['local'],
    pages: 212,
    localPrice: 229,
    status: 'denied',
    stage: 'uploaded',
    paid: true,
    isbn: '9780639871263',
    genreId: 2,
    ageDays: 90,
  },
  {
    title: 'Rivers of Gold',
    format: 'print',
    regions: ['local', 'international'],
    pages: 364,
    localPrice: 319,
    internationalPrice: 19.99,
    status: 'quote',
    stage: 'getquote',
    paid: false,
    isbn: null,
    genreId: 10,
    ageDays: 3,
  },
  {
    title: "A Teacher's Notebook",
    format: 'ebook',
    regions: ['international'],
    pages: 120,
    internationalPrice: 4.99,
    status: 'quote',
    stage: 'getquote',
    paid: false,
    archived: true,
    isbn: '9780639871270',
    genreId: 12,
    ageDays: 40,
  },
  {
    title: 'Growing Up Ubuntu',
    format: 'print',
    regions: ['local'],
    pages: 96,
    localPrice: 149,
    status: 'pending',
    stage: 'signedcontract',
    paid: false,
    isbn: '9780639871287',
    genreId: 6,
    thumbnail: '#15803d',
    ageDays: 10,
  },
  {
    title: 'The Cape Doctor',
    format: 'audiobook',
    regions: ['international'],
    pages: 260,
    internationalPrice: 15.99,
    status: 'in production',
    stage: 'uploaded',
    paid: true,
    isbn: '9780639871294',
    genreId: 4,
    ageDays: 25,
  },
  {
    title: 'Old Recipes, New Tables',
    format: 'print',
    regions: ['local'],
    pages: 144,
    localPrice: 189,
    status: 'quote',
    stage: 'getquote',
    paid: false,
    archived: true,
    isbn: null,
    genreId: 9,
    ageDays: 120,
  },
];
