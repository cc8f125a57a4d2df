import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { processingCost } from '@pod/shared-contracts/pricing';
import { localRoyalty } from '@pod/shared-contracts/pricing';
import type { BookMiscData } from '../plugins/external/db-schema.js';
import { hashPassword } from '../services/password-hash.js';
import { DEMO_ACCOUNT, DEMO_COUPONS, DEMO_PUBLISHER } from './accounts.js';
import { buildBookRows, buildCartItems, demoFiles } from './library.js';
import { buildOrderRows, buildSalesSummaries } from './orders.js';
import { random } from './random.js';
import { loadUnitCosts } from './unit-costs.js';

export { DEMO_ACCOUNT, DEMO_COUPONS, DEMO_PUBLISHER } from './accounts.js';
export { coverThumbnail } from './cover-thumbnail.js';
export { DEMO_ORDER_LINES } from './orders-data.js';

export interface SeedResult {
  accountCreated: boolean;
  libraryCreated: boolean;
  couponsCreated: number;
  /** Files of the demo library put in the file store because they were missing. */
  filesCreated: number;
}

/**
 * The demo library's book, cover and audio files in the file store (the names books.files
 * lists), each made only when missing: a library seeded before its files existed, or a fresh
 * upload folder, gets them at the next start.
 */
async function seedDemoFiles(app: FastifyInstance): Promise<number> {
  let created = 0;
  for (const file of demoFiles()) {
    if (await app.fileStore.exists(file.filename)) continue;
    await app.fileStore.put(file.filename, await file.make());
    created += 1;
  }
  return created;
}

/** The demo library: records (with contracts, thumbnails, files, cart items), orders and sales. */
async function seedLibrary(app: FastifyInstance, userId: number): Promise<void> {
  const now = app.config.now();
  const costs = await loadUnitCosts(app);
  const next = random(2026);

  await app.unitOfWork.run(async ({ books, orders, cart }) => {
    const saved = await books.insertMany(buildBookRows(userId, now, costs));
    for (const item of buildCartItems(userId, now, saved, costs)) await cart.add(item);
    const orderRows = buildOrderRows(userId, now, saved, next);
    await orders.insertOrders(orderRows);
    await orders.insertSalesSummaries(buildSalesSummaries(saved, orderRows));
  });
}

/**
 * Demo data, idempotent: the demo account if missing (never touching an existing one, so a
 * demo user's changes survive restarts; active, welcome already seen, R 1 250.00), the demo
 * library's files when missing, its library when it has no books yet, and the demo coupons when
 * missing.
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
      balance: DEMO_ACCOUNT.balance,
    });
  }
  const couponsCreated = await app.couponRepository.ensure([...DEMO_COUPONS]);
  // Files first: the records that name them come next.
  const filesCreated = await seedDemoFiles(app);
  let libraryCreated = false;
  if ((await app.bookRepository.countByUser(user.id)) === 0 && (await app.orderRepository.countByUser(user.id)) === 0) {
    await seedLibrary(app, user.id);
    libraryCreated = true;
  }
  await seedPublisher(app);
  return { accountCreated, libraryCreated, couponsCreated, filesCreated };
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
  const { prices } = await loadUnitCosts(app);
  const { book: data } = DEMO_PUBLISHER;
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
        no_of_pages: data.pages,
        isbn: data.isbn,
        book_code: null,
        genre_id: data.genreId,
        price_sale: data.price,
        local_price: data.price,
        international_price: null,
        local_royalty: localRoyalty({ format: 'ebook', price: data.price, printCost: 0 }, prices),
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
      services: processingCost({ format: 'ebook', pages: data.pages, isbnRequired: false }, prices).services,
      createdAt: now,
    });
  });
}
