import { NEW_VERSION_EVENT, type NewVersionDetail } from '@pod/shared-contracts';
import { applyUpdate, setWaitingWorkerActivator } from '../new-version';
import {
  CACHE_URLS,
  loadedSameOriginUrls,
  registerServiceWorker,
  SERVICE_WORKER_URL,
  type WorkboxLike,
} from '../register-service-worker';

function fakeWorkbox() {
  const listeners = new Map<string, () => void>();
  const workbox = {
    register: jest.fn(async () => undefined),
    update: jest.fn(async () => undefined),
    messageSkipWaiting: jest.fn(),
    messageSW: jest.fn(async () => true),
    addEventListener: jest.fn((type: string, listener: () => void) => listeners.set(type, listener)),
  };
  return {
    workbox: workbox as unknown as WorkboxLike & typeof workbox,
    fire: (type: string) => listeners.get(type)?.(),
  };
}

const container = () => new EventTarget() as unknown as ServiceWorkerContainer;

afterEach(() => {
  setWaitingWorkerActivator(null);
  jest.useRealTimers();
});

describe('registerServiceWorker', () => {
  it('registers nothing outside production builds or without service worker support', () => {
    const createWorkbox = jest.fn();
    expect(registerServiceWorker({ enabled: false, container: container(), createWorkbox })).toBeNull();
    expect(registerServiceWorker({ enabled: true, container: undefined, createWorkbox })).toBeNull();
    expect(createWorkbox).not.toHaveBeenCalled();
  });

  it('registers /sw.js and announces a waiting worker as a new version', () => {
    const { workbox, fire } = fakeWorkbox();
    const createWorkbox = jest.fn(() => workbox);
    const seen: NewVersionDetail[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<NewVersionDetail>).detail);
    window.addEventListener(NEW_VERSION_EVENT, listener);

    registerServiceWorker({ enabled: true, container: container(), createWorkbox });
    expect(createWorkbox).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(workbox.register).toHaveBeenCalled();
    fire('waiting');
    window.removeEventListener(NEW_VERSION_EVENT, listener);

    expect(seen).toEqual([{ source: 'service-worker' }]);
  });

  it('applies the update by skipping waiting, then reloads once the new worker controls the page', () => {
    const { workbox, fire } = fakeWorkbox();
    const sw = container();
    const reload = jest.fn();
    registerServiceWorker({ enabled: true, container: sw, createWorkbox: () => workbox, reload });
    fire('waiting');

    applyUpdate(() => {
      throw new Error('a plain reload would keep the old worker');
    });
    expect(workbox.messageSkipWaiting).toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    sw.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the new worker does not take over within 5 s', () => {
    jest.useFakeTimers();
    const { workbox, fire } = fakeWorkbox();
    const reload = jest.fn();
    registerServiceWorker({ enabled: true, container: container(), createWorkbox: () => workbox, reload });
    fire('waiting');
    applyUpdate();
    jest.advanceTimersByTime(4_999);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('without a waiting worker, applying an update is a reload', () => {
    const reload = jest.fn();
    applyUpdate(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('hands the worker that takes control what the page loaded before it', () => {
    const { workbox, fire } = fakeWorkbox();
    registerServiceWorker({ enabled: true, container: container(), createWorkbox: () => workbox });
    expect(workbox.messageSW).not.toHaveBeenCalled();
    fire('controlling');
    expect(workbox.messageSW).toHaveBeenCalledWith({
      type: CACHE_URLS,
      payload: { urlsToCache: expect.any(Array) as unknown },
    });
  });
});

describe('loadedSameOriginUrls', () => {
  it('lists each same-origin file once and leaves other origins out', () => {
    const origin = 'https://portal.example';
    const entries = [
      { name: `${origin}/remotes.json` },
      { name: `${origin}/remotes/remote-account/1.0.0/remoteEntry.js` },
      { name: `${origin}/remotes.json` },
      { name: 'https://cdn.example/remote-library/remoteEntry.js' },
      { name: 'https://portal.example.evil/remotes.json' },
    ];
    expect(loadedSameOriginUrls(entries, origin)).toEqual([
      `${origin}/remotes.json`,
      `${origin}/remotes/remote-account/1.0.0/remoteEntry.js`,
    ]);
  });
});
