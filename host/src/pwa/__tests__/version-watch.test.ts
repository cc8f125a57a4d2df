import { NEW_VERSION_EVENT, type NewVersionDetail, type RemotesConfig } from '@pod/shared-contracts';
import {
  checkRemotesConfig,
  rememberLoadedRemotes,
  remotesFingerprint,
  resetLoadedRemotes,
  startVersionWatch,
} from '../version-watch';

const config = (version: string): RemotesConfig =>
  ({
    environment: 'local',
    remotes: { remote_library: { entry: `/remotes/remote-library/${version}/mf-manifest.json`, version } },
  }) as RemotesConfig;

function announcements() {
  const seen: NewVersionDetail[] = [];
  const listener = (event: Event) => seen.push((event as CustomEvent<NewVersionDetail>).detail);
  window.addEventListener(NEW_VERSION_EVENT, listener);
  return { seen, stop: () => window.removeEventListener(NEW_VERSION_EVENT, listener) };
}

afterEach(() => {
  resetLoadedRemotes();
  jest.useRealTimers();
});

describe('checkRemotesConfig', () => {
  it('announces a remotes.json that differs from the loaded one, once per new configuration', async () => {
    rememberLoadedRemotes(config('0.1.0'));
    const { seen, stop } = announcements();

    await checkRemotesConfig(async () => config('0.1.0'));
    expect(seen).toEqual([]);
    await checkRemotesConfig(async () => config('0.2.0'));
    await checkRemotesConfig(async () => config('0.2.0'));
    expect(seen).toEqual([{ source: 'remotes' }]);
    await checkRemotesConfig(async () => config('0.3.0'));
    stop();

    expect(seen).toHaveLength(2);
  });

  it('says nothing when the read fails or nothing was loaded yet', async () => {
    const { seen, stop } = announcements();
    await checkRemotesConfig(async () => config('0.2.0'));
    rememberLoadedRemotes(config('0.1.0'));
    await checkRemotesConfig(async () => {
      throw new TypeError('Failed to fetch');
    });
    stop();
    expect(seen).toEqual([]);
  });

  it('tells a canary apart only for the browsers it reaches', () => {
    const stable = { entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json', version: '1.3.0' };
    const withShare = (share: number) =>
      ({
        environment: 'staging',
        remotes: {
          remote_checkout: {
            ...stable,
            canary: { entry: '/remotes/remote-checkout/1.4.0/mf-manifest.json', version: '1.4.0', share },
          },
        },
      }) as RemotesConfig;
    const without = { environment: 'staging', remotes: { remote_checkout: stable } } as RemotesConfig;
    const outside = () => 80;
    const inside = () => 5;
    // A browser in bucket 80: a canary at 10 or 50 % is not its business.
    expect(remotesFingerprint(withShare(10), outside)).toBe(remotesFingerprint(without, outside));
    expect(remotesFingerprint(withShare(50), outside)).toBe(remotesFingerprint(without, outside));
    expect(remotesFingerprint(withShare(90), outside)).not.toBe(remotesFingerprint(without, outside));
    // A browser in bucket 5 runs it: its start and its end are new versions.
    expect(remotesFingerprint(withShare(10), inside)).not.toBe(remotesFingerprint(without, inside));
    expect(remotesFingerprint(withShare(10), inside)).toBe(remotesFingerprint(withShare(50), inside));
  });

  it('ignores key order', () => {
    expect(remotesFingerprint({ remotes: {}, environment: 'x' } as unknown as RemotesConfig)).toBe(
      remotesFingerprint({ environment: 'x', remotes: {} } as RemotesConfig),
    );
  });
});

describe('startVersionWatch', () => {
  it('checks every interval and when the tab becomes visible, at most once per gap', async () => {
    jest.useFakeTimers({ now: 0 });
    const check = jest.fn();
    let visibility: DocumentVisibilityState = 'hidden';
    jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const stop = startVersionWatch(check, { intervalMs: 300_000, minGapMs: 60_000 });
    const settle = () => Promise.resolve();

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(check).not.toHaveBeenCalled();
    jest.advanceTimersByTime(60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(300_000);
    await settle();
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    jest.advanceTimersByTime(600_000);
    await settle();
    expect(check).toHaveBeenCalledTimes(2);
  });
});
