/** The record of the tab that owns the portal, in localStorage. */
export interface TabRecord {
  id: string;
  /** Date.now() of the owner's last heartbeat. */
  timestamp: number;
}

/**
 * What a tab does after reading the record:
 * - 'claim': nobody (alive) owns the portal, this tab takes it;
 * - 'refresh': this tab owns it, its heartbeat renews the timestamp;
 * - 'conflict': another tab owns it and is alive, this tab goes to /tab-error.
 */
export type TabDecision = 'claim' | 'refresh' | 'conflict';

/**
 * The tab guard's rule (account-area.md section 4: "a second tab seen within 10 seconds of
 * another active one goes to /tab-error"). Pure: the caller supplies the time and the record.
 * A record is alive when its timestamp is younger than `windowMs`; one dated more than a
 * window into the future (a clock set back) counts as stale rather than blocking for hours.
 */
export function decide(now: number, record: TabRecord | null, myId: string, windowMs = 10_000): TabDecision {
  if (!record) return 'claim';
  if (record.id === myId) return 'refresh';
  const age = now - record.timestamp;
  return age < windowMs && age > -windowMs ? 'conflict' : 'claim';
}

/** Reads a stored record; anything unreadable counts as no record. */
export function parseRecord(raw: string | null): TabRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { id, timestamp } = value as Partial<TabRecord>;
    return typeof id === 'string' && id && typeof timestamp === 'number' && Number.isFinite(timestamp)
      ? { id, timestamp }
      : null;
  } catch {
    return null;
  }
}
