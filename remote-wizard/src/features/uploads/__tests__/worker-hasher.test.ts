import { createPieceHasher } from '../worker-hasher';
import type { HashAnswer, HashRequest } from '../md5.worker';

const BYTES = Uint8Array.from({ length: 5000 }, (_, i) => i % 256);
/** As Python's hashlib computes it. */
const MD5 = 'd00321d3eb2086742076e4386efbefb4';
const piece = () => new Blob([BYTES]);

/** A stand-in Worker: answers from `respond`, or reports an error like a script that failed to load. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static respond: ((request: HashRequest) => HashAnswer) | null = null;
  onmessage: ((message: MessageEvent<HashAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  posted: HashRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.instances.push(this);
  }
  postMessage(request: HashRequest) {
    this.posted.push(request);
    const respond = FakeWorker.respond;
    queueMicrotask(() => {
      if (respond) this.onmessage?.({ data: respond(request) } as MessageEvent<HashAnswer>);
      else this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
  FakeWorker.instances = [];
  FakeWorker.respond = null;
});

describe('createPieceHasher', () => {
  it('hashes on the main thread where there is no Worker (jsdom)', async () => {
    expect(typeof Worker).toBe('undefined');
    const hasher = createPieceHasher();
    const hashed = await hasher.hash(piece());
    expect(hashed.md5).toBe(MD5);
    expect(hashed.bytes.byteLength).toBe(5000);
    hasher.dispose();
  });

  it('hands pieces to the worker and takes back its bytes and MD5', async () => {
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
    FakeWorker.respond = ({ id }) => ({ id, bytes: new ArrayBuffer(3), md5: 'from-the-worker' });
    const hasher = createPieceHasher();
    await expect(hasher.hash(piece())).resolves.toMatchObject({ md5: 'from-the-worker' });
    await expect(hasher.hash(piece())).resolves.toMatchObject({ md5: 'from-the-worker' });
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]?.posted.map((request) => request.id)).toEqual([1, 2]);
    hasher.dispose();
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });

  it('falls back to the main thread when the worker fails, the pieces asked for included', async () => {
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
    const hasher = createPieceHasher();
    await expect(hasher.hash(piece())).resolves.toMatchObject({ md5: MD5 });
    await expect(hasher.hash(piece())).resolves.toMatchObject({ md5: MD5 });
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });
});
