/**
 * Fixed-window attempt counter per key (an e-mail, a client address). Pure and clock-injected so the
 * rules are testable; state is in memory, per process, which is what a single reference server needs.
 */
export interface AttemptLimit {
  max: number;
  windowSeconds: number;
}

interface Window {
  count: number;
  resetsAt: number;
}

/** Beyond this many keys, expired windows are swept on the next hit. */
const SWEEP_THRESHOLD = 10_000;

export class AttemptLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: AttemptLimit,
    private readonly now: () => Date,
  ) {}

  /** Seconds until `key` may try again; 0 when it may try now. Does not count an attempt. */
  retryAfter(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.limit.max) return 0;
    return Math.max(1, Math.ceil((window.resetsAt - this.now().getTime()) / 1000));
  }

  /** Counts one attempt for `key`. */
  hit(key: string): void {
    const now = this.now().getTime();
    const window = this.current(key);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(now);
    this.windows.set(key, { count: 1, resetsAt: now + this.limit.windowSeconds * 1000 });
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetsAt <= this.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetsAt <= now) this.windows.delete(key);
    }
  }
}
