/**
 * A controllable window.matchMedia (jsdom has none): every query matches while `small` is
 * true. Returns `resize` to flip it (listeners are told) and `restore`.
 */
export function mockScreen(small: boolean) {
  let matches = small;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    media,
    get matches() {
      return matches;
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  })) as unknown as typeof window.matchMedia;
  return {
    resize(smallNow: boolean) {
      matches = smallNow;
      listeners.forEach((listener) => listener());
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
