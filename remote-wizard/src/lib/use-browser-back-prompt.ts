import { useEffect, useRef } from 'react';

/** Marks the history entry this hook adds in front of the page's own. */
const GUARD_KEY = 'podWizardBackGuard';

function isGuard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_KEY] === true;
}

function pushGuard(): void {
  const state: unknown = window.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  window.history.pushState({ ...base, [GUARD_KEY]: true }, '', window.location.href);
}

/**
 * Intercepts the browser's back button on this page (new-book-wizard.md, "Book details": browser
 * back opens the leave prompt). The router here is not a data router, so there is no blocker:
 * the page puts a copy of its own history entry (same URL, same router state) in front of it,
 * and when back lands on the page's entry, the copy is put back and `onBack` runs. The copy
 * keeps the router's index, so the router sees no move. In-app links leave as usual; leaving
 * for another stage should replace the copy (`navigate(to, { replace: true })`) so that back
 * from there lands here once, not twice.
 */
export function useBrowserBackPrompt(onBack: () => void, enabled = true): void {
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    if (!enabled) return undefined;
    if (!isGuard(window.history.state)) pushGuard();
    const onPopState = (event: PopStateEvent) => {
      if (isGuard(event.state)) return; // forward again onto the copy
      pushGuard();
      latest.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [enabled]);
}
