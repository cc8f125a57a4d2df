/**
 * The book draft in local storage, one key per field under the spec's calc_ prefix
 * (new-book-wizard.md section 3), so it survives a reload and the checkout's clean-up (which
 * keeps only the session's keys) removes it once the book is paid.
 */

/** The prefix of every draft key. */
export const DRAFT_PREFIX = 'calc_';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the draft lives for this page only
  }
}

/** The stored JSON value of draft field `name`, or `fallback` when absent or unreadable. */
export function readDraft<T>(name: string, fallback: T): T {
  const raw = storage()?.getItem(DRAFT_PREFIX + name);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores draft field `name` as JSON; undefined removes it. */
export function writeDraft(name: string, value: unknown): void {
  const s = storage();
  if (!s) return;
  if (value === undefined) s.removeItem(DRAFT_PREFIX + name);
  else s.setItem(DRAFT_PREFIX + name, JSON.stringify(value));
}
