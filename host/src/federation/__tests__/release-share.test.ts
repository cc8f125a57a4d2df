import { chooseEntry, releaseKey, RELEASE_KEY_STORAGE_KEY, shareBucket } from '../release-share';

const stable = { entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json', version: '1.3.0' };
const canary = { entry: '/remotes/remote-checkout/1.4.0/mf-manifest.json', version: '1.4.0' };
const keys = Array.from({ length: 4000 }, (_, index) => `browser-${index}`);

describe('shareBucket', () => {
  it('gives a key the same bucket every time, within 0..99', () => {
    for (const key of keys.slice(0, 50)) {
      const bucket = shareBucket(key, 'remote_checkout');
      expect(bucket).toBe(shareBucket(key, 'remote_checkout'));
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 100).toBe(true);
    }
  });

  it('splits many browsers close to the share', () => {
    for (const share of [10, 50]) {
      const inCanary = keys.filter((key) => shareBucket(key, 'remote_checkout') < share).length;
      // 4000 keys: the binomial's standard deviation is under 32, so 3 of them either way.
      expect(Math.abs(inCanary - (keys.length * share) / 100)).toBeLessThan(100);
    }
  });

  it('splits each remote on its own', () => {
    const sameSide = keys.filter(
      (key) => shareBucket(key, 'remote_checkout') < 50 === shareBucket(key, 'remote_library') < 50,
    ).length;
    expect(Math.abs(sameSide - keys.length / 2)).toBeLessThan(150);
  });
});

describe('chooseEntry', () => {
  it('runs the canary in the buckets below its share and the stable version elsewhere', () => {
    const remote = { ...stable, canary: { ...canary, share: 10 } };
    expect(chooseEntry(remote, 0)).toEqual({ ...canary, channel: 'canary' });
    expect(chooseEntry(remote, 9)).toEqual({ ...canary, channel: 'canary' });
    expect(chooseEntry(remote, 10)).toEqual({ ...stable, channel: 'stable' });
    expect(chooseEntry(stable, 0)).toEqual({ ...stable, channel: 'stable' });
  });

  it('keeps everyone who had the canary when the share grows, and everyone who had stable when it shrinks', () => {
    const channel = (share: number, key: string) =>
      chooseEntry({ ...stable, canary: { ...canary, share } }, shareBucket(key, 'remote_checkout')).channel;
    for (const key of keys.slice(0, 500)) {
      if (channel(10, key) === 'canary') expect(channel(50, key)).toBe('canary');
      if (channel(50, key) === 'stable') expect(channel(10, key)).toBe('stable');
    }
  });

  it('treats a malformed share or canary as no canary', () => {
    for (const broken of [
      { ...canary, share: '50' },
      { ...canary, share: Number.NaN },
      { ...canary, share: -5 },
      { version: '1.4.0', share: 50 },
      { entry: '', version: '1.4.0', share: 50 },
      { entry: canary.entry, share: 50 },
    ]) {
      expect(chooseEntry({ ...stable, canary: broken }, 0).channel).toBe('stable');
    }
    expect(chooseEntry({ ...stable, canary: { ...canary, share: 100 } }, 99).channel).toBe('canary');
  });
});

describe('releaseKey', () => {
  beforeEach(() => localStorage.clear());

  it('creates the key once and keeps it in localStorage', () => {
    const makeKey = jest.fn(() => 'key-1');
    expect(releaseKey(localStorage, makeKey)).toBe('key-1');
    expect(releaseKey(localStorage, () => 'key-2')).toBe('key-1');
    expect(localStorage.getItem(RELEASE_KEY_STORAGE_KEY)).toBe('key-1');
    expect(makeKey).toHaveBeenCalledTimes(1);
  });

  it('keeps one key for the page where storage throws', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const first = releaseKey(blocked, () => 'page-key');
    expect(releaseKey(blocked, () => 'other')).toBe(first);
  });
});
