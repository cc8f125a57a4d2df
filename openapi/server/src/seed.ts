import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { roundMoney } from '@pod/shared-contracts/money';
import {
  DEFAULT_PRICE_CONFIG,
  internationalPrintCost,
  internationalRoyalty,
  localPrintCost,
  localRoyalty,
  processingCost,
} from '@pod/shared-contracts/pricing';
import type { NewCoupon } from './plugins/app/coupon-repository.js';
import type { BookContractData, BookMiscData, FormatType, NewBookRow, NewOrderRow } from './plugins/external/db-schema.js';
import { hashPassword } from './services/password-hash.js';

export const DEMO_ACCOUNT = {
  email: 'demo@pod.local',
  password: 'Demo#2026pass',
  nameFirst: 'Thandi',
  nameLast: 'Nkosi',
} as const;

/**
 * A second demo persona whose balance covers her cart (one eBook waiting for payment), so the
 * pay-from-balance checkout can be tried; the main demo account's cart is larger than its
 * balance (the EFT top-up path).
 */
export const DEMO_PUBLISHER = {
  email: 'publisher@pod.local',
  password: 'Demo#2026pass',
  nameFirst: 'Naledi',
  nameLast: 'Mokoena',
  balance: 2000,
  bookTitle: 'Letters from Lagos',
} as const;

/** Coupons every account can use: WELCOME50 on the dashboard (R50 credit), SAVE10 in the cart. */
export const DEMO_COUPONS: readonly NewCoupon[] = [
  { code: 'WELCOME50', type: 'value', amount: 50 },
  { code: 'SAVE10', type: 'percentage', amount: 10 },
];

export interface SeedResult {
  accountCreated: boolean;
  libraryCreated: boolean;
  couponsCreated: number;
}

/** Deterministic pseudo-random numbers (mulberry32), so every start seeds the same library. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small generated cover (SVG data URL): a coloured panel with the title. */
export function coverThumbnail(title: string, colour: string): string {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .map((line, i) => `<text x="100" y="${110 + i * 26}" font-size="20" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300">` +
    `<rect width="200" height="300" fill="${colour}"/><rect x="12" y="12" width="176" height="276" fill="none" stroke="#fff" stroke-width="2"/>` +
    `<g fill="#fff" font-family="Georgia, serif">${text}<text x="100" y="270" font-size="12" text-anchor="middle">Thandi Nkosi</text></g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

interface DemoUpload {
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

const DEMO_UPLOADS: DemoUpload[] = [
  { title: "The Baobab's Secret", format: 'print', regions: ['local', 'international'], pages: 240, localPrice: 249, internationalPrice: 14.99, status: 'approved', stage: 'published', paid: true, isbn: '9780639871201', genreId: 1, thumbnail: '#8a3b12', orderWeight: 5, ageDays: 600 },
  { title: 'Sunrise over Soweto', format: 'print', regions: ['local'], pages: 180, localPrice: 199, status: 'approved', stage: 'published', paid: true, isbn: '9780639871218', genreId: 5, thumbnail: '#d97706', orderWeight: 3, ageDays: 560 },
  { title: 'Kitchen Stories from the Karoo', format: 'print', regions: ['international'], pages: 320, internationalPrice: 24.5, status: 'approved', stage: 'published', paid: true, isbn: '9780639871225', genreId: 9, orderWeight: 2, ageDays: 500 },
  { title: 'Digital Nomad Diaries', format: 'ebook', regions: ['international'], pages: 150, internationalPrice: 6.99, status: 'approved', stage: 'published', paid: true, isbn: '9780639871232', genreId: 8, thumbnail: '#0f766e', orderWeight: 2, ageDays: 450 },
  { title: 'Voices of the Veld', format: 'audiobook', regions: ['local', 'international'], pages: 210, localPrice: 179, internationalPrice: 12.99, status: 'approved', stage: 'published', paid: true, isbn: '9780639871249', genreId: 11, thumbnail: '#4338ca', orderWeight: 1, ageDays: 420 },
  { title: 'The Last Lighthouse Keeper', format: 'print', regions: ['local', 'international'], pages: 296, localPrice: 279, internationalPrice: 16.99, status: 'pending', stage: 'uploaded', paid: true, isbn: '9780639871256', genreId: 3, thumbnail: '#1e3a8a', ageDays: 60 },
  { title: 'Midnight in Durban', format: 'print', regions: ['local'], pages: 212, localPrice: 229, status: 'denied', stage: 'uploaded', paid: true, isbn: '9780639871263', genreId: 2, ageDays: 90 },
  { title: 'Rivers of Gold', format: 'print', regions: ['local', 'international'], pages: 364, localPrice: 319, internationalPrice: 19.99, status: 'quote', stage: 'getquote', paid: false, isbn: null, genreId: 10, ageDays: 3 },
  { title: "A Teacher's Notebook", format: 'ebook', regions: ['international'], pages: 120, internationalPrice: 4.99, status: 'quote', stage: 'getquote', paid: false, archived: true, isbn: '9780639871270', genreId: 12, ageDays: 40 },
  { title: 'Growing Up Ubuntu', format: 'print', regions: ['local'], pages: 96, localPrice: 149, status: 'pending', stage: 'signedcontract', paid: false, isbn: '9780639871287', genreId: 6, thumbnail: '#15803d', ageDays: 10 },
  { title: 'The Cape Doctor', format: 'audiobook', regions: ['international'], pages: 260, internationalPrice: 15.99, status: 'in production', stage: 'uploaded', paid: true, isbn: '9780639871294', genreId: 4, ageDays: 25 },
  { title: 'Old Recipes, New Tables', format: 'print', regions: ['local'], pages: 144, localPrice: 189, status: 'quote', stage: 'getquote', paid: false, archived: true, isbn: null, genreId: 9, ageDays: 120 },
];

// Unit costs of the reference options the demo books use (migration 003): local paper 1 and
// cover 1, international paper 1 and cover 7.
const LOCAL_PAPER_PER_PAGE = 0.18;
const LOCAL_COVER = 14;
const INTERNATIONAL_PAPER_PER_PAGE = 0.013;
const INTERNATIONAL_COVER = 1;

/** Order lines of the demo account (repeated lines included). */
export const DEMO_ORDER_LINES = 600;

const CUSTOMERS = [
  'Sipho Mthembu', 'Anele Zulu', 'Pieter Botha', 'Fatima Patel', 'Lindiwe Ndlovu', 'Johan van Wyk',
  'Nomsa Khumalo', 'Rashid Adams', 'Chantelle Pillay', 'Thabo Molefe', 'Megan Jacobs', 'Kagiso Sithole',
  'Zanele Mahlangu', 'Ruan Pretorius', 'Ayesha Davids', 'Bongani Nxumalo', 'Sarah Cohen', 'Lerato Dube',
  'Emily Carter', 'Michael Brown', 'Olivia Smith', 'Noah Williams', 'Grace Naidoo', 'Tshepo Mokoena',
];

/** 'shipped to customer' shows green, every other status red. */
const STATUSES: Array<[string, number]> = [
  ['shipped to customer', 0.8],
  ['returned', 0.06],
  ['cancelled by customer', 0.05],
  ['preparing for shipment', 0.05],
  ['awaiting stock', 0.04],
];

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function pickStatus(next: () => number): string {
  let roll = next();
  for (const [status, weight] of STATUSES) {
    if ((roll -= weight) < 0) return status;
  }
  return STATUSES[0]![0];
}

/** The demo library: records (with contracts, thumbnails, cart items), orders and sales. */
async function seedLibrary(app: FastifyInstance, userId: number): Promise<void> {
  const now = app.config.now();
  const day = 86_400_000;
  const prices = DEFAULT_PRICE_CONFIG;
  const next = random(2026);

  await app.unitOfWork.run(async ({ books, orders, cart }) => {
    const rows: NewBookRow[] = [];
    for (const upload of DEMO_UPLOADS) {
      const pairId = randomUUID();
      const createdAt = new Date(now.getTime() - upload.ageDays * day);
      const pages = upload.pages ?? 0;
      const localCost = upload.format === 'print' ? localPrintCost({ pages, paperCostPerPage: LOCAL_PAPER_PER_PAGE, coverCost: LOCAL_COVER }, prices) : 0;
      const internationalCost =
        upload.format === 'print'
          ? internationalPrintCost({ pages, paperCostPerPage: INTERNATIONAL_PAPER_PER_PAGE, coverCost: INTERNATIONAL_COVER }, prices)
          : 0;
      const localPrice = upload.regions.includes('local') ? (upload.localPrice ?? null) : null;
      const internationalPrice = upload.regions.includes('international') ? (upload.internationalPrice ?? null) : null;
      const misc: BookMiscData = {
        status: upload.status,
        archived: upload.archived ?? false,
        isPaid: upload.paid,
        bookStage: upload.stage,
        printCost: { local: localCost || null, international: internationalCost || null },
        metaDataInfo: {
          author: `${DEMO_ACCOUNT.nameFirst} ${DEMO_ACCOUNT.nameLast}`,
          language: 'english',
          publicationDate: createdAt.toISOString().slice(0, 10),
          shortDescription: `${upload.title}, a ${upload.format === 'ebook' ? 'eBook' : upload.format} by Thandi Nkosi.`,
        },
      };
      const contract: BookContractData | null =
        upload.status === 'quote'
          ? null
          : {
              signed_at: new Date(createdAt.getTime() + 2 * day).toISOString(),
              print_name: `${DEMO_ACCOUNT.nameFirst} ${DEMO_ACCOUNT.nameLast}`,
              signed_place: '14 Jan Smuts Avenue, Braamfontein, Johannesburg, 2001',
              publish_name: 'Nkosi Stories (Pty) Ltd',
              email: DEMO_ACCOUNT.email,
              authors: `${DEMO_ACCOUNT.nameFirst} ${DEMO_ACCOUNT.nameLast}`,
              is_self_publisher: false,
            };
      const files =
        upload.stage === 'getquote' || upload.stage === 'signedcontract'
          ? []
          : [
              ...(upload.format === 'print' ? [{ filename: `${slug(upload.title)}-cover.pdf`, title: 'Cover', kind: 'cover' }] : []),
              ...(upload.format === 'audiobook'
                ? [1, 2, 3].map((n) => ({ filename: `${slug(upload.title)}-chapter-${n}.mp3`, title: `Chapter ${n}`, kind: 'audio' }))
                : [{ filename: `${slug(upload.title)}.pdf`, title: 'Book', kind: 'book' }]),
            ];
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
          local_royalty: localPrice === null ? null : localRoyalty({ format: upload.format, price: localPrice, printCost: localCost }, prices),
          international_royalty:
            internationalPrice === null
              ? null
              : internationalRoyalty({ format: upload.format, price: internationalPrice, printCost: internationalCost }, prices),
          misc: JSON.stringify(misc),
          contract: contract && JSON.stringify(contract),
          thumbnail: upload.thumbnail ? coverThumbnail(upload.title, upload.thumbnail) : null,
          files: JSON.stringify(files),
          created_at: createdAt,
        });
      }
    }
    const saved = await books.insertMany(rows);

    // Unpaid, not cancelled quotes wait in the cart.
    for (const upload of DEMO_UPLOADS.filter((u) => !u.paid && !u.archived)) {
      const records = saved.filter((book) => book.book_title === upload.title);
      await cart.add({
        userId,
        bookId: records.find((book) => !book.is_international)?.id ?? null,
        internationalBookId: records.find((book) => book.is_international)?.id ?? null,
        services: processingCost({ format: upload.format, pages: upload.pages, isbnRequired: upload.isbn === null }, prices).services,
        createdAt: new Date(now.getTime() - upload.ageDays * day),
      });
    }

    // About 600 order lines over 18 months on the approved books, some repeated (the feed
    // repeats lines of one order id; the client de-duplicates).
    const sellers = saved.flatMap((book) => {
      const upload = DEMO_UPLOADS.find((u) => u.title === book.book_title)!;
      return upload.status === 'approved' ? Array.from({ length: upload.orderWeight ?? 1 }, () => book) : [];
    });
    const orderRows: NewOrderRow[] = [];
    const span = 548 * day;
    let orderNumber = 140_000_000;
    while (orderRows.length < DEMO_ORDER_LINES) {
      const book = pick(next, sellers);
      const orderDate = new Date(now.getTime() - Math.floor(next() * span) - 3_600_000);
      const quantity = next() < 0.85 ? 1 : next() < 0.7 ? 2 : 3;
      const row: NewOrderRow = {
        order_id: String((orderNumber += 1 + Math.floor(next() * 400))),
        user_id: userId,
        book_id: book.id,
        product_title: book.book_title,
        customer: pick(next, CUSTOMERS),
        sale_status: pickStatus(next),
        selling_price: Number(book.price_sale),
        quantity,
        order_date: orderDate,
        takealot_url: `https://www.takealot.com/${slug(book.book_title)}/PLID${90_000_000 + book.id * 1_000 + (book.is_international ? 1 : 0)}`,
        created_at: new Date(orderDate.getTime() + 20 * 60_000),
      };
      orderRows.push(row);
      if (next() < 0.06 && orderRows.length < DEMO_ORDER_LINES) orderRows.push({ ...row });
    }
    await orders.insertOrders(orderRows);

    // Sales summaries of the approved books, consistent with their distinct order lines.
    const summaries = saved
      .filter((book) => DEMO_UPLOADS.find((u) => u.title === book.book_title)!.status === 'approved')
      .map((book) => {
        const seen = new Set<string>();
        let sold = 0;
        let returned = 0;
        let revenue = 0;
        for (const order of orderRows) {
          if (order.book_id !== book.id || seen.has(order.order_id)) continue;
          seen.add(order.order_id);
          const quantity = order.quantity ?? 1;
          if (order.sale_status === 'shipped to customer') {
            sold += quantity;
            revenue += Number(order.selling_price) * quantity;
          } else if (order.sale_status === 'returned') {
            returned += quantity;
          }
        }
        const royalty = Number(book.is_international ? book.international_royalty : book.local_royalty);
        const totalRoyalties = roundMoney(royalty * sold);
        return {
          book_id: book.id,
          quantity: sold,
          returned,
          total_revenue: roundMoney(revenue),
          total_royalties: totalRoyalties,
          total_cost: roundMoney(revenue - totalRoyalties),
          profit: roundMoney(royalty * (sold - returned)),
        };
      });
    await orders.insertSalesSummaries(summaries);
  });
}

/**
 * Demo data, idempotent: the demo account if missing (never touching an existing one, so a
 * demo user's changes survive restarts; active, welcome already seen, R 1 250.00), its library
 * when it has no books yet, and the demo coupons when missing.
 */
export async function seedDemo(app: FastifyInstance): Promise<SeedResult> {
  let user = await app.userRepository.findByEmail(DEMO_ACCOUNT.email);
  const accountCreated = user === undefined;
  if (!user) {
    user = await app.userRepository.create({
      email: DEMO_ACCOUNT.email,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      nameFirst: DEMO_ACCOUNT.nameFirst,
      nameLast: DEMO_ACCOUNT.nameLast,
      userStatus: 1,
      initialLogin: 1,
      balance: 1250,
    });
  }
  const couponsCreated = await app.couponRepository.ensure([...DEMO_COUPONS]);
  let libraryCreated = false;
  if ((await app.bookRepository.countByUser(user.id)) === 0 && (await app.orderRepository.countByUser(user.id)) === 0) {
    await seedLibrary(app, user.id);
    libraryCreated = true;
  }
  await seedPublisher(app);
  return { accountCreated, libraryCreated, couponsCreated };
}

/** The second persona (DEMO_PUBLISHER), created once with its one unpaid eBook in the cart. */
async function seedPublisher(app: FastifyInstance): Promise<void> {
  if (await app.userRepository.findByEmail(DEMO_PUBLISHER.email)) return;
  const user = await app.userRepository.create({
    email: DEMO_PUBLISHER.email,
    passwordHash: await hashPassword(DEMO_PUBLISHER.password),
    nameFirst: DEMO_PUBLISHER.nameFirst,
    nameLast: DEMO_PUBLISHER.nameLast,
    userStatus: 1,
    initialLogin: 1,
    balance: DEMO_PUBLISHER.balance,
  });
  const now = app.config.now();
  await app.unitOfWork.run(async ({ books, cart }) => {
    const misc: BookMiscData = { status: 'quote', archived: false, isPaid: false, bookStage: 'getquote' };
    const [book] = await books.insertMany([
      {
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: false,
        book_title: DEMO_PUBLISHER.bookTitle,
        format_type: 'ebook',
        no_of_pages: 180,
        isbn: '9780639871300',
        book_code: null,
        genre_id: 8,
        price_sale: 129,
        local_price: 129,
        international_price: null,
        local_royalty: localRoyalty({ format: 'ebook', price: 129, printCost: 0 }, DEFAULT_PRICE_CONFIG),
        international_royalty: null,
        misc: JSON.stringify(misc),
        contract: null,
        thumbnail: null,
        files: '[]',
        created_at: now,
      },
    ]);
    await cart.add({
      userId: user.id,
      bookId: book!.id,
      internationalBookId: null,
      services: processingCost({ format: 'ebook', pages: 180, isbnRequired: false }, DEFAULT_PRICE_CONFIG).services,
      createdAt: now,
    });
  });
}
