import type { TabGuardState } from '../../tab-guard/tab-guard';
import { startPwa } from '../start-pwa';
import { startVersionWatch } from '../version-watch';

jest.mock('../version-watch', () => ({
  ...jest.requireActual<typeof import('../version-watch')>('../version-watch'),
  startVersionWatch: jest.fn(),
}));
const watch = jest.mocked(startVersionWatch);

function fakeGuard(initial: TabGuardState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block: () => {
      state = 'blocked';
      listeners.forEach((listener) => listener());
    },
  };
}

beforeEach(() => watch.mockReset());

describe('startPwa', () => {
  it('does nothing in a tab the tab guard blocked', () => {
    startPwa(fakeGuard('blocked'));
    expect(watch).not.toHaveBeenCalled();
  });

  it('watches for new versions in the active tab, and stops once the tab is blocked', () => {
    const stop = jest.fn();
    watch.mockReturnValue(stop);
    const guard = fakeGuard('active');
    startPwa(guard);
    expect(watch).toHaveBeenCalledTimes(1);
    guard.block();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
