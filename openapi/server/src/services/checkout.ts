import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import { HttpProblem } from '../errors.js';
import { cartTotals, fromCents, itemAmounts, parseCartServices, toCents } from '@pod/shared-contracts/checkout';
import type { CouponRow, PaymentCartData, PaymentTransactionRow } from '../plugins/external/db-schema.js';
import type { CartItemWithBooks } from '../plugins/app/cart-repository.js';
import { CouponAlreadyUsedError } from '../plugins/app/coupon-repository.js';
import { DuplicatePaymentError } from '../plugins/app/payment-repository.js';
import type { TransactionalRepositories } from '../plugins/app/unit-of-work.js';
import { ProviderError } from '../payments/provider-error.js';
import type { PaymentRequest, ProviderForm, ProviderName } from '../payments/types.js';
import { createPayfastItnJob, PAYFAST_ITN_JOB } from '../jobs/payfast-itn.js';
import { formText } from './raw-body.js';
import type { ServiceHandlers } from './types.js';


export const COUPON_BLANK_MESSAGE = 'Coupon code can not be blank';
/** The dashboard's one failure text (spec account area, section 5). */
export const COUPON_FAILED_MESSAGE = `Something went wrong when adding your coupon, please check your spelling. Otherwise contact support ${SUPPORT_EMAIL}`;
/** The checkout's C15 text (spec account area, section 8). */
export const COUPON_USED_MESSAGE = 'Invalid coupon code applied / You have already used this coupon code';
export const COUPON_INVALID_MESSAGE = 'Invalid coupon code applied';
export const NOT_ACTIVATED_MESSAGE = 'Your account has not been activated yet';
export const COUPON_SUCCESS = 'Successful';
export const NOT_IN_CART_MESSAGE = 'Some of these books are not in your cart';
export const EMPTY_SELECTION_MESSAGE = 'Your cart is empty';
export const REFERENCE_USED_MESSAGE = 'This payment reference was already used';
export const NOTHING_TO_PAY_MESSAGE = 'Nothing is left to pay: your balance covers the cart';
export const PAID_MESSAGE = 'Your items have been successfully processed';
export const INSUFFICIENT_MESSAGE = 'Your balance is insufficient';
export const TRANSACTION_NOT_FOUND_MESSAGE = 'Transaction not found';
/**
 * How long a provider attempt may stay pending: a user who left the provider's page without
 * paying or cancelling never comes back to say so. After this the attempt is listed cancelled
 * (a payment that still arrives is credited all the same).
 */
export const PENDING_ATTEMPT_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const ITN_NOT_STORED_MESSAGE = 'The notification could not be stored; please send it again.';
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';

/** A provider call; a provider that cannot be asked is a retryable 502 (nothing was credited). */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderError) throw new HttpProblem(502, PROVIDER_UNAVAILABLE_MESSAGE, 'PROVIDER_UNAVAILABLE');
    throw err;
  }
}

type CouponBody = { Body: { coupon_code: string } };
type CartQuery = { Querystring: { coupon_id?: number } };
type RemoveParams = { Params: { localBookId: number; internationalBookId: number } };
type CheckoutBody = {
  Body: { book_ids: number[]; international_book_ids: number[]; reference: string; coupon_id?: number | null };
};
type IdList = number | null | number[] | undefined;
type TransactionBody = {
  Body: {
    transaction_ref: string;
    coupon_id?: number | null;
    user_book_id?: IdList;
    user_international_book_id?: IdList;
    provider?: ProviderName;
  };
};
type RefBody = { Body: { transaction_ref: string } };
type PayfastParams = { Params: { ref: string; a: number; b: string }; Body: { transaction_ref: string } };
type ReturnBody = { Body: { reference: string; token: string } };
type CardBody = { Body: { tx_ref: string; status?: string } };
type PageQuery = { Querystring: { skip?: number; take?: number } };

/** A coupon as the checkout uses it (portal.yaml Coupon). */
interface CartCoupon {
  couponId: number;
  type: string;
  amount: number;
}

/** One priced cart item (portal.yaml CartItem). */
function toCartItem(item: CartItemWithBooks) {
  const services = parseCartServices(item.misc);
  const amounts = itemAmounts(services);
  const title = item.local_book_name ?? item.international_book_name ?? null;
  return {
    id: item.id,
    book_id: item.book_id,
    international_book_id: item.international_book_id,
    local_book_name: item.local_book_name,
    international_book_name: item.international_book_name,
    book_title: title,
    created_at: item.created_at.toISOString(),
    misc: JSON.stringify(services),
    price: amounts.price,
    vat: amounts.vat,
    discount: amounts.discount,
    final_price: amounts.finalPrice,
  };
}

export type PricedCartItem = ReturnType<typeof toCartItem>;

/** The user's cart items as the API shows them (also the current user's `cart`). */
export async function loadCartItems(app: FastifyInstance, userId: number): Promise<PricedCartItem[]> {
  return (await app.cartRepository.listWithBooks(userId)).map(toCartItem);
}

/** The items whose local or international record is among the ids. */
const itemsNamed = (items: CartItemWithBooks[], bookIds: number[], internationalIds: number[]) =>
  items.filter(
    (item) =>
      (item.book_id !== null && bookIds.includes(item.book_id)) ||
      (item.international_book_id !== null && internationalIds.includes(item.international_book_id)),
  );

const normaliseIds = (ids: IdList): number[] =>
  ids === undefined || ids === null ? [] : (Array.isArray(ids) ? ids : [ids]).filter((id) => Number.isInteger(id) && id > 0);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(token: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const money = (value: string | number) => Number(Number(value).toFixed(2));

/** portal.yaml TransactionState. */
function toState(row: PaymentTransactionRow) {
  return {
    id: row.id,
    transaction_ref: row.reference,
    status: row.status,
    amount: money(row.amount),
    provider: row.provider,
    provider_amount: money(row.provider_amount),
    provider_currency: row.provider_currency,
    cart_paid: row.cart_paid,
    created_at: row.created_at.toISOString(),
  };
}

const stateResult = (row: PaymentTransactionRow) => ({ statusCode: 0, result: toState(row) });

/**
 * Cart, coupons, balance payments, provider payments and the ledger. Every amount is computed
 * here from the database (cart items, coupons, balance) with the shared cart pricing; what the
 * browser sends as a total, amount or user id is ignored. Money moves only inside unit-of-work
 * transactions that first lock the user's row (and the cart items, and the payment), so
 * parallel requests are serialised per user.
 */
export function createCheckoutService(app: FastifyInstance, config: AppConfig) {
  const { couponRepository, userRepository, unitOfWork, cartRepository, paymentRepository } = app;
  const { gateways, settings } = app.payments;

  function codeOf(body: { coupon_code: string }): string {
    const code = body.coupon_code.trim();
    if (code === '') throw new HttpProblem(400, COUPON_BLANK_MESSAGE, 'VALIDATION');
    return code;
  }

  const isUsable = (coupon: CouponRow | undefined): coupon is CouponRow =>
    coupon !== undefined && coupon.active && (coupon.expires_at === null || coupon.expires_at > config.now());

  const toCoupon = (coupon: CouponRow): CartCoupon => ({ couponId: coupon.id, type: coupon.type, amount: Number(coupon.amount) });

  async function activeUser(userId: number) {
    const user = await userRepository.findById(userId);
    if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
    if (user.user_status === 0) throw new HttpProblem(403, NOT_ACTIVATED_MESSAGE, 'U10');
    return user;
  }

  /** A cart coupon by id: 404 unknown/inactive/expired, 409 C15 when this user used it already. */
  async function cartCoupon(couponId: number | null | undefined, userId: number, repos = { coupons: couponRepository }) {
    if (couponId === null || couponId === undefined) return null;
    const coupon = await repos.coupons.findById(couponId);
    if (!isUsable(coupon)) throw new HttpProblem(404, COUPON_INVALID_MESSAGE);
    if (await repos.coupons.isUsedBy(coupon.id, userId)) throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
    return toCoupon(coupon);
  }

  /** The cart items a request names (by either record id); 404 when an id is not in the cart. */
  function selectItems(items: CartItemWithBooks[], bookIds: number[], internationalIds: number[]): CartItemWithBooks[] {
    if (bookIds.length === 0 && internationalIds.length === 0) throw new HttpProblem(400, EMPTY_SELECTION_MESSAGE, 'VALIDATION');
    const selected = itemsNamed(items, bookIds, internationalIds);
    const covered = (id: number, key: 'book_id' | 'international_book_id') => selected.some((item) => item[key] === id);
    if (!bookIds.every((id) => covered(id, 'book_id')) || !internationalIds.every((id) => covered(id, 'international_book_id'))) {
      throw new HttpProblem(404, NOT_IN_CART_MESSAGE);
    }
    return selected;
  }

  const totalsOf = (items: CartItemWithBooks[], coupon: CartCoupon | null, balanceCents: number) =>
    cartTotals(
      items.map((item) => itemAmounts(parseCartServices(item.misc))),
      coupon,
      fromCents(balanceCents),
    );

  /** portal.yaml CartResult. */
  const cartResult = (items: CartItemWithBooks[], coupon: CartCoupon | null, balance: string | number) => ({
    statusCode: 0,
    results: items.map(toCartItem),
    coupon,
    ...totalsOf(items, coupon, toCents(balance)),
  });

  const cartOf = (items: CartItemWithBooks[], couponId: number | null): PaymentCartData => ({
    book_ids: items.flatMap((item) => (item.book_id === null ? [] : [item.book_id])),
    international_book_ids: items.flatMap((item) => (item.international_book_id === null ? [] : [item.international_book_id])),
    coupon_id: couponId,
  });

  /**
   * Pays `items` from the balance inside an open transaction whose user row is locked: uses the
   * coupon (one redemption per coupon and user, any context: a parallel use rolls this back as
   * C15), debits the balance (the CHECK keeps it >= 0), records the ledger entry, marks the books
   * paid and empties the items.
   */
  async function payItems(
    repos: TransactionalRepositories,
    input: {
      userId: number;
      reference: string;
      items: CartItemWithBooks[];
      coupon: CartCoupon | null;
      cartTotalCents: number;
      couponDeductionCents: number;
      paymentTransactionId: number | null;
      at: Date;
    },
  ): Promise<number> {
    if (input.coupon) {
      try {
        await repos.coupons.redeem({
          couponId: input.coupon.couponId,
          userId: input.userId,
          context: 'cart',
          amount: fromCents(input.couponDeductionCents),
          at: input.at,
        });
      } catch (err) {
        if (err instanceof CouponAlreadyUsedError) throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
        throw err;
      }
    }
    const balanceAfter = await repos.users.adjustBalance(input.userId, -input.cartTotalCents);
    await repos.payments.record({
      userId: input.userId,
      type: 'payment',
      reference: input.reference,
      amountCents: -input.cartTotalCents,
      balanceAfterCents: balanceAfter,
      paymentTransactionId: input.paymentTransactionId,
      at: input.at,
    });
    const cart = cartOf(input.items, null);
    await repos.books.markPaid(input.userId, [...cart.book_ids, ...cart.international_book_ids], input.at);
    await repos.cart.removeItems(
      input.userId,
      input.items.map((item) => item.id),
    );
    return balanceAfter;
  }

  /**
   * After a provider payment is complete: pays the cart items it was created for from the
   * (now topped-up) balance, when they are still in the cart and the balance covers them. The
   * payment row must be locked by the caller. Idempotent (cart_paid).
   */
  async function settleIn(repos: TransactionalRepositories, payment: PaymentTransactionRow, at: Date): Promise<PaymentTransactionRow> {
    if (payment.status !== 'complete' || payment.cart_paid) return payment;
    const balance = await repos.users.lockBalance(payment.user_id);
    if (balance === undefined) return payment;
    const items = await repos.cart.lockByUser(payment.user_id);
    const wanted = payment.cart;
    const selected = itemsNamed(items, wanted.book_ids, wanted.international_book_ids);
    if (selected.length === 0) return payment;
    // A coupon that cannot be used any more (used meanwhile, expired) is dropped, not an error:
    // the money has arrived and stays on the balance if the cart is then not covered.
    let coupon: CartCoupon | null = null;
    if (wanted.coupon_id !== null) {
      const row = await repos.coupons.findById(wanted.coupon_id);
      if (isUsable(row) && !(await repos.coupons.isUsedBy(row.id, payment.user_id))) coupon = toCoupon(row);
    }
    const totals = totalsOf(selected, coupon, balance);
    if (toCents(totals.amountToPay) > 0) return payment;
    await payItems(repos, {
      userId: payment.user_id,
      reference: payment.reference,
      items: selected,
      coupon,
      cartTotalCents: toCents(totals.cartTotal),
      couponDeductionCents: toCents(totals.couponDeduction),
      paymentTransactionId: payment.id,
      at,
    });
    return repos.payments.update(payment.id, { cartPaid: true });
  }

  /**
   * Credits a provider payment once and settles its cart, in one transaction. A payment already
   * complete, or a provider payment id seen before, credits nothing (replays, double returns).
   * Money actually received is credited even if the user cancelled the attempt meanwhile.
   */
  async function creditProviderPayment(paymentId: number, providerPaymentId: string, at: Date) {
    try {
      return await unitOfWork.run(async (repos) => {
        const payment = await repos.payments.lock(paymentId);
        if (!payment) throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
        if (payment.status === 'complete') return { payment, credited: false };
        await repos.users.lockBalance(payment.user_id);
        const completed = await repos.payments.update(payment.id, {
          status: 'complete',
          providerPaymentId,
          completedAt: at,
        });
        const amountCents = toCents(completed.amount);
        const balanceAfter = await repos.users.adjustBalance(payment.user_id, amountCents);
        // The attempt's ledger row (pending since it started) becomes the credit.
        if ((await repos.payments.settleEntry(payment.id, 'complete', balanceAfter)) === 0) {
          await repos.payments.record({
            userId: payment.user_id,
            type: 'top-up',
            reference: payment.reference,
            amountCents,
            balanceAfterCents: balanceAfter,
            paymentTransactionId: payment.id,
            at,
          });
        }
        return { payment: await settleIn(repos, completed, at), credited: true };
      });
    } catch (err) {
      if (err instanceof DuplicatePaymentError) {
        const payment = await paymentRepository.lock(paymentId);
        return { payment: payment!, credited: false };
      }
      throw err;
    }
  }

  /**
   * Ends an attempt that is still pending without money (the transaction and its ledger row);
   * any other state is left as it is. Answers the transaction as it now stands.
   */
  function endIfPending(paymentId: number, status: 'cancelled' | 'failed'): Promise<PaymentTransactionRow> {
    return unitOfWork.run(async (repos) => {
      const locked = await repos.payments.lock(paymentId);
      if (!locked) throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
      if (locked.status !== 'pending') return locked;
      await repos.payments.settleEntry(paymentId, status);
      return repos.payments.update(paymentId, { status });
    });
  }

  /** Settles a complete payment whose cart is not paid yet (e.g. the user removed a coupon meanwhile). */
  async function settle(payment: PaymentTransactionRow): Promise<PaymentTransactionRow> {
    if (payment.status !== 'complete' || payment.cart_paid) return payment;
    return unitOfWork.run(async (repos) => {
      const locked = await repos.payments.lock(payment.id);
      return settleIn(repos, locked!, config.now());
    });
  }

  async function ownTransaction(userId: number, reference: string, token?: string) {
    const payment = await paymentRepository.findByReference(userId, reference);
    if (!payment || payment.provider === 'balance' || (token !== undefined && !sameHash(token, payment.return_token_hash))) {
      throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
    }
    return payment;
  }

  /** ZAR cents to what a USD provider charges: at the configured rate, rounded up to the cent. */
  const usdCents = (zarCents: number) => Math.ceil((zarCents / settings.usdZarRate) * (1 - 1e-12));

  app.jobs.define(
    PAYFAST_ITN_JOB,
    createPayfastItnJob({
      eft: gateways.eft,
      payments: paymentRepository,
      notifications: app.paymentNotificationRepository,
      credit: creditProviderPayment,
      endIfPending,
      now: config.now,
      log: app.log.child({ component: 'itn' }),
    }),
  );

  return {
    async getCart(request: FastifyRequest<CartQuery>) {
      const userId = request.userId;
      const user = await userRepository.findById(userId);
      if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
      const coupon = await cartCoupon(request.query.coupon_id, userId);
      const items = await cartRepository.listWithBooks(userId);
      return cartResult(items, coupon, user.balance);
    },

    async removeCartItem(request: FastifyRequest<RemoveParams>) {
      const { localBookId, internationalBookId } = request.params;
      const userId = request.userId;
      const items = await cartRepository.listByUser(userId);
      const item = items.find(
        (candidate) => (candidate.book_id ?? 0) === localBookId && (candidate.international_book_id ?? 0) === internationalBookId,
      );
      if (!item) throw new HttpProblem(404, 'This item is not in your cart');
      await cartRepository.removeItems(userId, [item.id]);
      const user = await userRepository.findById(userId);
      return cartResult(await cartRepository.listWithBooks(userId), null, user?.balance ?? 0);
    },

    /**
     * Dashboard voucher: credits a value coupon to the balance, once per user. Every check runs
     * inside the transaction after the user's row is locked (the lock serialises this with a
     * checkoutpayment using the same coupon), and the redemption row (unique per coupon and user,
     * whatever the context) is the last word: parallel requests credit once.
     */
    async addCoupon(request: FastifyRequest<CouponBody>) {
      const code = codeOf(request.body);
      const userId = request.userId;
      await activeUser(userId);

      const at = config.now();
      try {
        await unitOfWork.run(async (repos) => {
          await repos.users.lockBalance(userId);
          const coupon = await repos.coupons.findByCode(code);
          if (!isUsable(coupon) || coupon.type !== 'value') throw new HttpProblem(404, COUPON_FAILED_MESSAGE);
          if (await repos.coupons.isUsedBy(coupon.id, userId)) throw new CouponAlreadyUsedError();
          const amountCents = toCents(coupon.amount);
          await repos.coupons.redeem({ couponId: coupon.id, userId, context: 'balance', amount: fromCents(amountCents), at });
          const balanceAfter = await repos.users.adjustBalance(userId, amountCents);
          await repos.payments.record({ userId, type: 'coupon', reference: coupon.code, amountCents, balanceAfterCents: balanceAfter, at });
        });
      } catch (err) {
        if (err instanceof CouponAlreadyUsedError) throw new HttpProblem(409, COUPON_FAILED_MESSAGE, 'C15');
        throw err;
      }
      return { statusCode: 0, description: COUPON_SUCCESS };
    },

    /** Looks a cart coupon up without using it (checkoutpayment uses it). */
    async verifyCartCoupon(request: FastifyRequest<CouponBody>) {
      const code = codeOf(request.body);
      const coupon = await couponRepository.findByCode(code);
      if (!isUsable(coupon)) throw new HttpProblem(404, COUPON_INVALID_MESSAGE);
      // Used in any context: a voucher credited to the balance cannot also discount a cart.
      if (await couponRepository.isUsedBy(coupon.id, request.userId)) throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
      return { statusCode: 0, ...toCoupon(coupon) };
    },

    /** Pays the named cart items from the balance (0), or reports the shortfall (7). */
    async checkoutPayment(request: FastifyRequest<CheckoutBody>) {
      const userId = request.userId;
      const body = request.body;
      const reference = body.reference.trim();
      if (reference === '') throw new HttpProblem(400, 'A payment reference is required', 'VALIDATION');
      await activeUser(userId);

      // The same reference is processed once: a retry answers the first outcome.
      const earlier = await paymentRepository.findByReference(userId, reference);
      if (earlier) {
        if (earlier.provider !== 'balance') throw new HttpProblem(409, REFERENCE_USED_MESSAGE);
        const user = await userRepository.findById(userId);
        return {
          statusCode: 0,
          description: PAID_MESSAGE,
          amountToPay: 0,
          cartTotal: money(earlier.amount),
          couponDeduction: 0,
          balance: money(user?.balance ?? 0),
        };
      }

      const at = config.now();
      try {
        return await unitOfWork.run(async (repos) => {
          const balance = await repos.users.lockBalance(userId);
          if (balance === undefined) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
          const items = selectItems(await repos.cart.lockByUser(userId), body.book_ids, body.international_book_ids);
          const coupon = await cartCoupon(body.coupon_id, userId, repos);
          const totals = totalsOf(items, coupon, balance);
          const summary = { cartTotal: totals.cartTotal, couponDeduction: totals.couponDeduction };
          if (toCents(totals.amountToPay) > 0) {
            return { statusCode: 7, description: INSUFFICIENT_MESSAGE, amountToPay: totals.amountToPay, ...summary, balance: totals.balance };
          }
          const cartTotalCents = toCents(totals.cartTotal);
          const payment = await repos.payments.create({
            userId,
            reference,
            providerReference: `BAL-${randomUUID()}`,
            provider: 'balance',
            status: 'complete',
            amountCents: cartTotalCents,
            providerAmountCents: cartTotalCents,
            providerCurrency: 'ZAR',
            returnTokenHash: null,
            cart: cartOf(items, coupon?.couponId ?? null),
            cartPaid: true,
            completedAt: at,
          });
          const balanceAfter = await payItems(repos, {
            userId,
            reference,
            items,
            coupon,
            cartTotalCents,
            couponDeductionCents: toCents(totals.couponDeduction),
            paymentTransactionId: payment.id,
            at,
          });
          return { statusCode: 0, description: PAID_MESSAGE, amountToPay: 0, ...summary, balance: fromCents(balanceAfter) };
        });
      } catch (err) {
        if (err instanceof DuplicatePaymentError) throw new HttpProblem(409, REFERENCE_USED_MESSAGE);
        throw err;
      }
    },

    /** Starts a provider payment for the shortfall of the named cart items. */
    async createTransaction(request: FastifyRequest<TransactionBody>, reply: FastifyReply) {
      const userId = request.userId;
      const body = request.body;
      const reference = body.transaction_ref.trim();
      if (reference === '') throw new HttpProblem(400, 'A transaction reference is required', 'VALIDATION');
      const provider = body.provider ?? 'eft';
      const user = await activeUser(userId);
      if (await paymentRepository.findByReference(userId, reference)) throw new HttpProblem(409, REFERENCE_USED_MESSAGE);

      const items = selectItems(
        await cartRepository.listWithBooks(userId),
        normaliseIds(body.user_book_id),
        normaliseIds(body.user_international_book_id),
      );
      const coupon = await cartCoupon(body.coupon_id, userId);
      const totals = totalsOf(items, coupon, toCents(user.balance));
      const amountCents = toCents(totals.amountToPay);
      if (amountCents <= 0) throw new HttpProblem(409, NOTHING_TO_PAY_MESSAGE);

      const currency = provider === 'eft' ? 'ZAR' : 'USD';
      const providerAmountCents = currency === 'ZAR' ? amountCents : usdCents(amountCents);
      const returnToken = randomBytes(24).toString('base64url');
      let payment: PaymentTransactionRow;
      try {
        // The attempt and its ledger row ('pending', balance unchanged) are recorded together.
        payment = await unitOfWork.run(async (repos) => {
          const created = await repos.payments.create({
            userId,
            reference,
            providerReference: `POD-${randomUUID()}`,
            provider,
            status: 'pending',
            amountCents,
            providerAmountCents,
            providerCurrency: currency,
            returnTokenHash: hashToken(returnToken),
            cart: cartOf(items, coupon?.couponId ?? null),
          });
          await repos.payments.record({
            userId,
            type: 'top-up',
            reference,
            amountCents,
            balanceAfterCents: toCents(user.balance),
            status: 'pending',
            paymentTransactionId: created.id,
            at: created.created_at,
          });
          return created;
        });
      } catch (err) {
        if (err instanceof DuplicatePaymentError) throw new HttpProblem(409, REFERENCE_USED_MESSAGE);
        throw err;
      }

      const query = (page: string) =>
        `${config.publicUrl}/checkout/${page}?${new URLSearchParams({ token: returnToken, id: String(payment.id), tref: reference })}`;
      const titles = items.map((item) => item.local_book_name ?? item.international_book_name ?? 'Book').join(', ');
      const paymentRequest: PaymentRequest = {
        reference: payment.provider_reference,
        transactionId: payment.id,
        amount: (providerAmountCents / 100).toFixed(2),
        currency,
        itemName: 'Book processing',
        itemDescription: `Processing: ${titles}`.slice(0, 255),
        customer: { firstName: user.name_first, lastName: user.name_last, email: user.email },
        returnUrl: query('success'),
        cancelUrl: query('cancelled'),
        notifyUrl: `${config.publicUrl}/api/v1/payment/payfast/notify`,
      };

      let form: ProviderForm;
      if (provider === 'eft') form = gateways.eft.buildForm(paymentRequest);
      else if (provider === 'card') form = gateways.card.buildPopup({ ...paymentRequest, redirectUrl: `${config.publicUrl}/dashboard` });
      else {
        const order = await fromProvider(() => gateways.paypal.createOrder(paymentRequest));
        payment = await paymentRepository.update(payment.id, { providerOrderId: order.orderId });
        form = order.form;
      }
      reply.code(201);
      return { statusCode: 0, result: toState(payment), payment: form };
    },

    async postTransaction(request: FastifyRequest<RefBody>) {
      const payment = await ownTransaction(request.userId, request.body.transaction_ref.trim());
      return stateResult(await settle(payment));
    },

    async postTransactionPayfast(request: FastifyRequest<PayfastParams>) {
      const { ref, a, b } = request.params;
      if (request.body.transaction_ref !== ref) throw new HttpProblem(400, 'transaction_ref must equal the reference in the path', 'VALIDATION');
      const payment = await ownTransaction(request.userId, ref, b);
      if (payment.id !== a) throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
      return stateResult(await settle(payment));
    },

    /** The return to /checkout/success: captures a PayPal order, then settles. */
    async confirmCheckoutSuccess(request: FastifyRequest<ReturnBody>) {
      let payment = await ownTransaction(request.userId, request.body.reference, request.body.token);
      if (payment.provider === 'paypal' && payment.status !== 'complete' && payment.provider_order_id) {
        const orderId = payment.provider_order_id;
        const capture = await fromProvider(() => gateways.paypal.capture(orderId));
        if (
          capture &&
          capture.status === 'COMPLETED' &&
          capture.reference === payment.provider_reference &&
          capture.currency === payment.provider_currency &&
          toCents(capture.amount) === toCents(payment.provider_amount)
        ) {
          payment = (await creditProviderPayment(payment.id, capture.id, config.now())).payment;
        } else if (capture) {
          request.log.warn({ reference: payment.provider_reference, status: capture.status }, 'PayPal capture refused');
        }
      }
      return stateResult(await settle(payment));
    },

    async confirmCheckoutCancelled(request: FastifyRequest<ReturnBody>) {
      const payment = await ownTransaction(request.userId, request.body.reference, request.body.token);
      return stateResult(await endIfPending(payment.id, 'cancelled'));
    },

    /** The dashboard return of the card popup: asks the card provider, then credits once. */
    async verifyCardPayment(request: FastifyRequest<CardBody>) {
      const txRef = request.body.tx_ref.trim();
      const payment = await paymentRepository.findByProviderReference(txRef);
      if (!payment || payment.user_id !== request.userId || payment.provider !== 'card') {
        throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
      }
      if (payment.status === 'complete') return stateResult(await settle(payment));
      const charge = await fromProvider(() => gateways.card.verify(txRef));
      if (!charge || charge.txRef !== txRef) {
        // The user closed the provider's window without paying: nothing to wait for.
        if (request.body.status?.trim().toLowerCase() === 'cancelled') return stateResult(await endIfPending(payment.id, 'cancelled'));
        return stateResult(payment);
      }
      if (charge.status === 'successful') {
        if (charge.currency !== payment.provider_currency || toCents(charge.amount) !== toCents(payment.provider_amount)) {
          request.log.warn({ txRef, amount: charge.amount, currency: charge.currency }, 'card payment refused: amount differs');
          return stateResult(payment);
        }
        return stateResult((await creditProviderPayment(payment.id, charge.id, config.now())).payment);
      }
      if (charge.status === 'failed') return stateResult(await endIfPending(payment.id, 'failed'));
      return stateResult(payment);
    },

    /**
     * PayFast ITN: stores the notification as received and its processing job in one
     * transaction, then answers 200 (PayFast stops retrying on 200, so nothing is answered before
     * the row is durable; 503 when it cannot be stored, and PayFast sends it again). The job
     * (src/jobs/payfast-itn.ts) checks and credits, retried with backoff until it is decided.
     * Nothing in the answer tells a caller whether its notification was accepted.
     */
    async payfastNotify(request: FastifyRequest, reply: FastifyReply) {
      const rawBody = request.rawBody ?? formText(request.body);
      const receivedAt = config.now();
      try {
        await unitOfWork.run(async (repos) => {
          const notification = await repos.paymentNotifications.store({
            rawBody,
            sourceAddress: request.ip,
            paymentReference: new URLSearchParams(rawBody).get('m_payment_id')?.slice(0, 200) ?? null,
            receivedAt,
          });
          await repos.jobs.enqueue({
            type: PAYFAST_ITN_JOB,
            payload: { notificationId: notification.id },
            maxAttempts: app.jobs.maxAttemptsOf(PAYFAST_ITN_JOB),
            runAt: receivedAt,
          });
        });
      } catch (err) {
        request.log.error({ err }, 'ITN could not be stored');
        throw new HttpProblem(503, ITN_NOT_STORED_MESSAGE, 'ITN_NOT_STORED');
      }
      app.jobs.wake();
      reply.code(200).type('text/plain');
      return '';
    },

    async listTransactions(request: FastifyRequest<PageQuery>) {
      const staleBefore = new Date(config.now().getTime() - PENDING_ATTEMPT_LIFETIME_MS);
      await unitOfWork.run((repos) => repos.payments.cancelStalePending(request.userId, staleBefore));
      const rows = await paymentRepository.listLedger(request.userId, request.query.skip ?? 0, request.query.take ?? 100);
      return {
        statusCode: 0,
        results: rows.map((row) => ({
          id: row.id,
          date: row.created_at.toISOString(),
          type: row.type,
          amount_before_fees: money(row.amount_before_fees),
          fee: money(row.fee),
          amount_after_fees: money(row.amount_after_fees),
          status: row.status,
          balance: money(row.balance_after),
          reference: row.reference,
        })),
      };
    },
  } satisfies ServiceHandlers;
}
