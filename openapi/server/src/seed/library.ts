import { randomUUID } from 'node:crypto';
import {
  internationalPrintCost,
  internationalRoyalty,
  localPrintCost,
  localRoyalty,
  processingCost,
} from '@pod/shared-contracts/pricing';
import type { NewCartItem } from '../plugins/app/cart-repository.js';
import type { BookContractData, BookMiscData, BookRow, NewBookRow } from '../plugins/external/db-schema.js';
import { DEMO_ACCOUNT } from './accounts.js';
import { coverThumbnail } from './cover-thumbnail.js';
import { demoBookPdf, demoCoverPdf, demoToneWav } from './demo-files.js';
import type { DemoUnitCosts } from './unit-costs.js';
import { DEMO_UPLOADS, type DemoUpload } from './uploads.js';

export const DAY_MS = 86_400_000;

export const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const authorName = `${DEMO_ACCOUNT.nameFirst} ${DEMO_ACCOUNT.nameLast}`;

/** One file of the demo library: its books.files entry and how to make its bytes. */
export interface DemoFile {
  filename: string;
  title: string;
  kind: 'book' | 'cover' | 'audio';
  make: () => Promise<Uint8Array>;
}

/** Chapter tones: A4, C5, E5. */
const CHAPTER_TONES = [440, 523.25, 659.25];

/**
 * The files an upload at its stage has (none before the contract is signed): print books a
 * cover and a book PDF, eBooks a book PDF, audiobooks three WAV chapters. Stored under these
 * names by the seed (seed/index.ts), so every file the library lists can be opened.
 */
export function demoFilesOf(upload: DemoUpload): DemoFile[] {
  if (upload.stage === 'getquote' || upload.stage === 'signedcontract') return [];
  const name = slug(upload.title);
  if (upload.format === 'audiobook') {
    return CHAPTER_TONES.map((frequency, i) => ({
      filename: `${name}-chapter-${i + 1}.wav`,
      title: `Chapter ${i + 1}`,
      kind: 'audio',
      make: async () => demoToneWav(frequency),
    }));
  }
  return [
    ...(upload.format === 'print'
      ? [
          {
            filename: `${name}-cover.pdf`,
            title: 'Cover',
            kind: 'cover' as const,
            make: () => demoCoverPdf(upload.title, authorName, upload.thumbnail),
          },
        ]
      : []),
    { filename: `${name}.pdf`, title: 'Book', kind: 'book', make: () => demoBookPdf(upload.title, authorName) },
  ];
}

/** Every file of the demo library (each upload's files once, shared by its two records). */
export function demoFiles(): DemoFile[] {
  return DEMO_UPLOADS.flatMap(demoFilesOf);
}

/** The book records of the demo library (a local and/or international record per upload). */
export function buildBookRows(userId: number, now: Date, costs: DemoUnitCosts): NewBookRow[] {
  const { prices } = costs;
  const rows: NewBookRow[] = [];
  for (const upload of DEMO_UPLOADS) {
    const pairId = randomUUID();
    const createdAt = new Date(now.getTime() - upload.ageDays * DAY_MS);
    const pages = upload.pages ?? 0;
    const localCost = upload.format === 'print' ? localPrintCost({ pages, ...costs.local }, prices) : 0;
    const internationalCost =
      upload.format === 'print' ? internationalPrintCost({ pages, ...costs.international }, prices) : 0;
    const localPrice = upload.regions.includes('local') ? (upload.localPrice ?? null) : null;
    const internationalPrice = upload.regions.includes('international') ? (upload.internationalPrice ?? null) : null;
    const misc: BookMiscData = {
      status: upload.status,
      archived: upload.archived ?? false,
      isPaid: upload.paid,
      bookStage: upload.stage,
      printCost: { local: localCost || null, international: internationalCost || null },
      metaDataInfo: {
        author: authorName,
        language: 'english',
        publicationDate: createdAt.toISOString().slice(0, 10),
        shortDescription: `${upload.title}, a ${upload.format === 'ebook' ? 'eBook' : upload.format} by Thandi Nkosi.`,
      },
    };
    const contract: BookContractData | null =
      upload.status === 'quote'
        ? null
        : {
            signed_at: new Date(createdAt.getTime() + 2 * DAY_MS).toISOString(),
            print_name: authorName,
            signed_place: '14 Jan Smuts Avenue, Braamfontein, Johannesburg, 2001',
            publish_name: 'Nkosi Stories (Pty) Ltd',
            email: DEMO_ACCOUNT.email,
            authors: authorName,
            is_self_publisher: false,
          };
    const files = demoFilesOf(upload).map(({ filename, title, kind }) => ({ filename, title, kind }));
    for (const region of upload.regions) {
      const isInternational = region === 'international';
      rows.push({
        user_id: userId,
        pair_id: pairId,
        is_international: isInternational,
        book_title: upload.title,
        format_type: upload.format,
        no_of_pages: upload.pages,
        isbn: upload.isbn,
        book_code: upload.isbn ? `POD-${upload.isbn.slice(-6)}${isInternational ? '-I' : '-L'}` : null,
        genre_id: upload.genreId,
        price_sale: isInternational ? internationalPrice : localPrice,
        local_price: localPrice,
        international_price: internationalPrice,
        local_royalty:
          localPrice === null
            ? null
            : localRoyalty({ format: upload.format, price: localPrice, printCost: localCost }, prices),
        international_royalty:
          internationalPrice === null
            ? null
            : internationalRoyalty(
                { format: upload.format, price: internationalPrice, printCost: internationalCost },
                prices,
              ),
        misc: JSON.stringify(misc),
        contract: contract && JSON.stringify(contract),
        thumbnail: upload.thumbnail ? coverThumbnail(upload.title, upload.thumbnail) : null,
        files: JSON.stringify(files),
        created_at: createdAt,
      });
    }
  }
  return rows;
}

/** Unpaid, not cancelled quotes wait in the cart, priced with the stored price list. */
export function buildCartItems(
  userId: number,
  now: Date,
  saved: readonly BookRow[],
  costs: DemoUnitCosts,
): NewCartItem[] {
  return DEMO_UPLOADS.filter((upload) => !upload.paid && !upload.archived).map((upload) => {
    const records = saved.filter((book) => book.book_title === upload.title);
    return {
      userId,
      bookId: records.find((book) => !book.is_international)?.id ?? null,
      internationalBookId: records.find((book) => book.is_international)?.id ?? null,
      services: processingCost(
        { format: upload.format, pages: upload.pages, isbnRequired: upload.isbn === null },
        costs.prices,
      ).services,
      createdAt: new Date(now.getTime() - upload.ageDays * DAY_MS),
    };
  });
}
