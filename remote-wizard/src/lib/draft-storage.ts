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

/** Removes every calc_ key: the whole draft (a resumed book's must not mix with another's). */
export function clearDraft(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let index = 0; index < s.length; index += 1) {
    const key = s.key(index);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => s.removeItem(key));
}

/** Stores draft field `name` as JSON; undefined removes it. */
export function writeDraft(name: string, value: unknown): void {
  const s = storage();
  if (!s) return;
  if (value === undefined) s.removeItem(DRAFT_PREFIX + name);
  else s.setItem(DRAFT_PREFIX + name, JSON.stringify(value));
}

/** A stored value as draft text: text as it is, a finite number as its text, anything else undefined. */
export function draftText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** A text field of the draft: stored text, a stored finite number as its text, anything else ''. */
export function readDraftText(name: string): string {
  return draftText(readDraft<unknown>(name, null)) ?? '';
}

/** A toggle of the draft: true only when stored as true. */
export function readDraftFlag(name: string): boolean {
  return readDraft<unknown>(name, false) === true;
}

/** Text and toggle fields read into one object; a mistyped value reads as '' or false. */
export function readDraftFields<T extends string, F extends string>(
  text: readonly T[],
  flags: readonly F[],
): { [K in T]: string } & { [K in F]: boolean } {
  return {
    ...Object.fromEntries(text.map((name) => [name, readDraftText(name)])),
    ...Object.fromEntries(flags.map((name) => [name, readDraftFlag(name)])),
  } as { [K in T]: string } & { [K in F]: boolean };
}

/** Writes text fields (an emptied one as '') and toggles (true or false) of `values`. */
export function writeDraftFields(
  text: readonly string[],
  flags: readonly string[],
  values: Readonly<Record<string, unknown>>,
): void {
  for (const name of text) writeDraft(name, values[name] ?? '');
  for (const name of flags) writeDraft(name, values[name] === true);
}
