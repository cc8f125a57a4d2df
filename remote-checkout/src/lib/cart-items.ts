import { itemAmounts, parseCartServices, type components, type LineAmounts } from '@pod/shared-contracts';
import { MISSING_BOOK } from './messages';

/** One cart entry (portal.yaml CartItem), as GET /user/cart and the stored user's `cart` carry it. */
export type CartItem = components['schemas']['CartItem'];

/** An item ready for display: its name, product and amounts (priced by the shared cart arithmetic). */
export interface CartLine {
  /** Stable React key from the id pair. */
  key: string;
  item: CartItem;
  bookName: string;
  /** The services' names joined with ' + '. */
  product: string;
  amounts: LineAmounts;
}

/**
 * The book's name: `book_title`; a null title means the book record is gone ('Cannot find
 * book'). Only when the field is missing altogether (a user stored before the server sent
 * titles) the local or international record's name stands in.
 */
export function cartItemName(item: CartItem): string {
  if (typeof item.book_title === 'string' && item.book_title.trim()) return item.book_title;
  if (item.book_title === null) return MISSING_BOOK;
  return item.local_book_name || item.international_book_name || MISSING_BOOK;
}

/** `${book_id}-${international_book_id}` with 0 for null: the pair that identifies an item. */
export function cartItemKey(item: CartItem): string {
  return `${item.book_id ?? 0}-${item.international_book_id ?? 0}`;
}

/** Display data of one item; the amounts come from `itemAmounts(parseCartServices(misc))`. */
export function toCartLine(item: CartItem): CartLine {
  const services = parseCartServices(item.misc);
  return {
    key: cartItemKey(item),
    item,
    bookName: cartItemName(item),
    product: services
      .map((service) => service.name?.trim())
      .filter((name): name is string => Boolean(name))
      .join(' + '),
    amounts: itemAmounts(services),
  };
}

/** The non-null local and international book ids of the items, for the payment calls. */
export function cartBookIds(items: readonly CartItem[]): { local: number[]; international: number[] } {
  return {
    local: items.map((item) => item.book_id).filter((id): id is number => typeof id === 'number'),
    international: items.map((item) => item.international_book_id).filter((id): id is number => typeof id === 'number'),
  };
}

/** The stored user's cart as a list (anything else reads as empty). */
export function asCartItems(cart: unknown): CartItem[] {
  return Array.isArray(cart) ? (cart as CartItem[]) : [];
}
