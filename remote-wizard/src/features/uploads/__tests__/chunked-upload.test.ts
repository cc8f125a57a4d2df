import { ApiError } from '@pod/shared-contracts';
import {
  backoffMs,
  MAX_MD5_RESENDS,
  MAX_NETWORK_RETRIES,
  runChunkedUpload,
  UploadFailure,
  type PieceRequest,
  type UploadDeps,
  type UploadJob,
  type UploadProgress,
} from '../chunked-upload';
import type { ChunkResult } from '../api/upload-packet';
import { hashOnMainThread, md5Of } from '../md5';
import { resumeKey, type ResumeStore } from '../resume-store';

// Hashing megabytes in jsdom takes a while on a busy machine (nothing here measures time).
jest.setTimeout(30_000);

const SIZE = 3_000_000; // three pieces: 1 024 000, 1 024 000 and 952 000 bytes
const BYTES = Uint8Array.from({ length: SIZE }, (_, i) => (i * 31 + 7) % 251);
const FILE = new File([BYTES], 'book.pdf', { type: 'application/pdf', lastModified: 1_700_000_000_000 });
const IDS = { localBookId: 42, internationalBookId: 101 };
const KEY = resumeKey({ ...IDS, kind: 'book', name: 'book.pdf', size: SIZE, lastModified: 1_700_000_000_000 });

/** The pieces' MD5s as an independent implementation (Python's hashlib) computes them. */
const PIECE_MD5 = [
  '45c60ed5d9c40067d668c24b44aeda7b',
  '8b7c241b0e5eb11a0a1ab4d089950832',
  'f4a486eb68d078e81066c1194cdf368b',
];
const md5 = (bytes: ArrayBuffer) => md5Of(bytes);
const sameBytes = (a: ArrayBuffer, b: Uint8Array) => {
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((value, i) => value === b[i]);
};
const pieceOf = (index: number) => BYTES.subarray(index * 1_024_000, Math.min(SIZE, (index + 1) * 1_024_000));

/** A resume store in memory. */
function memoryStore(initial: Record<string, number> = {}): ResumeStore & { values: Map<string, number> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    read: (key) => values.get(key) ?? null,
    write: (key, next) => void values.set(key, next),
    forget: (key) => void values.delete(key),
  };
}

/**
 * The server of portal.yaml's uploadPacket, in memory: it checks the MD5 of what arrived and
 * the index it expects, and names the file on the last piece. `script` may answer a call first.
 */
function fakeServer(expected = 0, script?: (piece: PieceRequest, call: number) => ChunkResult | Error | undefined) {
  const state = { expected, calls: [] as PieceRequest[], hashed: 0 };
  const send = jest.fn(async (piece: PieceRequest): Promise<ChunkResult> => {
    state.calls.push(piece);
    const scripted = script?.(piece, state.calls.length);
    if (scripted instanceof Error) throw scripted;
    if (scripted) return scripted;
    if (md5(piece.bytes) !== piece.md5) throw new ApiError(400, 'MD5 differs', 'CHUNK_MD5');
    if (piece.index !== state.expected) {
      throw new ApiError(409, `Out of order: send piece ${state.expected} next.`, 'CHUNK_ORDER');
    }
    state.expected += 1;
    const last = state.expected === piece.totalChunks;
    return { statusCode: 0, next_index: state.expected, finalFilename: last ? '42-101-book-3f9c2a81d0b4.pdf' : null };
  });
  return { state, send };
}

function setup(
  server: ReturnType<typeof fakeServer>,
  store = memoryStore(),
  extra: Partial<UploadDeps> = {},
): { deps: UploadDeps; store: typeof store; sleeps: number[]; progress: UploadProgress[]; job: UploadJob } {
  const sleeps: number[] = [];
  const progress: UploadProgress[] = [];
  let clock = 0;
  const deps: UploadDeps = {
    send: server.send,
    hash: (piece) => {
      server.state.hashed += 1;
      return hashOnMainThread(piece);
    },
    resume: store,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => (clock += 500),
    log: () => undefined,
    ...extra,
  };
  return {
    deps,
    store,
    sleeps,
    progress,
    job: { file: FILE, kind: 'book', ...IDS, onProgress: (p) => progress.push(p) },
  };
}

describe('runChunkedUpload', () => {
  it('sends the file in pieces of 1,024,000 bytes, one after the other, each with its own MD5', async () => {
    const server = fakeServer();
    const { deps, job, store, progress } = setup(server);

    await expect(runChunkedUpload(job, deps)).resolves.toBe('42-101-book-3f9c2a81d0b4.pdf');

    expect(server.state.calls.map((call) => [call.index, call.bytes.byteLength, call.totalChunks])).toEqual([
      [0, 1_024_000, 3],
      [1, 1_024_000, 3],
      [2, 952_000, 3],
    ]);
    server.state.calls.forEach((call, index) => {
      expect(call.md5).toBe(PIECE_MD5[index]);
      expect(sameBytes(call.bytes, pieceOf(index))).toBe(true);
      expect(call).toMatchObject({ name: 'book.pdf', size: SIZE, kind: 'book', ...IDS });
    });
    expect(progress.map((p) => p.sentBytes)).toEqual([0, 1_024_000, 2_048_000, 3_000_000]);
    expect(progress[1]?.secondsLeft).not.toBeNull();
    // Complete: nothing is remembered any more.
    expect(store.values.has(KEY)).toBe(false);
  });

  it('reads at most one piece ahead of the one on its way', async () => {
    const server = fakeServer(0, (piece) => {
      // While piece n travels, pieces n and n + 1 (at most) have been read.
      expect(server.state.hashed).toBeLessThanOrEqual(piece.index + 2);
      return undefined;
    });
    const { deps, job } = setup(server);
    await runChunkedUpload(job, deps);
    expect(server.state.hashed).toBe(3);
  });

  it('remembers the next piece after each one and resumes from it without resending finished pieces', async () => {
    const server = fakeServer(2);
    const store = memoryStore({ [KEY]: 2 });
    const { deps, job, progress } = setup(server, store);

    await runChunkedUpload(job, deps);

    expect(server.state.calls.map((call) => call.index)).toEqual([2]);
    expect(progress[0]?.sentBytes).toBe(2_048_000);
    expect(store.values.has(KEY)).toBe(false);
  });

  it("follows a 409 CHUNK_ORDER to the piece the server names (a lost memory, the server's word)", async () => {
    const server = fakeServer(1);
    const { deps, job, store } = setup(server);
    const written: number[] = [];
    const write = store.write;
    store.write = (key, next) => {
      written.push(next);
      write(key, next);
    };

    await runChunkedUpload(job, deps);

    expect(server.state.calls.map((call) => call.index)).toEqual([0, 1, 2]);
    expect(written[0]).toBe(1); // the named piece is remembered at once
  });

  it('follows CHUNK_ORDER backwards too (the server lost pieces)', async () => {
    const server = fakeServer(0);
    const { deps, job } = setup(server, memoryStore({ [KEY]: 2 }));
    await runChunkedUpload(job, deps);
    expect(server.state.calls.map((call) => call.index)).toEqual([2, 0, 1, 2]);
  });

  it('resends a piece the server found damaged (400 CHUNK_MD5), then goes on', async () => {
    const server = fakeServer(0, (piece, call) =>
      call === 2 ? new ApiError(400, 'The piece did not arrive intact', 'CHUNK_MD5') : undefined,
    );
    const { deps, job } = setup(server);
    await runChunkedUpload(job, deps);
    expect(server.state.calls.map((call) => call.index)).toEqual([0, 1, 1, 2]);
    expect(server.state.calls[2]?.md5).toBe(PIECE_MD5[1]);
  });

  it('stops after a few MD5 resends, keeping where it stood', async () => {
    const server = fakeServer(0, (piece) =>
      piece.index === 1 ? new ApiError(400, 'The piece did not arrive intact', 'CHUNK_MD5') : undefined,
    );
    const { deps, job, store } = setup(server);
    const failure = await runChunkedUpload(job, deps).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadFailure);
    expect(failure).toMatchObject({ code: 'CHUNK_MD5', status: 400 });
    expect(server.state.calls.filter((call) => call.index === 1)).toHaveLength(1 + MAX_MD5_RESENDS);
    expect(store.values.get(KEY)).toBe(1);
  });

  it('retries a network failure with growing pauses, then stops; a new run resumes where it stood', async () => {
    let offline = false;
    const server = fakeServer(0, () => (offline ? new TypeError('Failed to fetch') : undefined));
    const { deps, job, store, sleeps } = setup(server);
    deps.send = jest.fn(async (piece: PieceRequest) => {
      const answer = await server.send(piece);
      if (piece.index === 0) offline = true; // the connection drops after piece 0
      return answer;
    });

    const failure = await runChunkedUpload(job, deps).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadFailure);
    expect(failure).toMatchObject({ status: 0 });
    expect(sleeps).toEqual([1, 2, 3, 4].map(backoffMs));
    expect(sleeps).toEqual([1000, 2000, 4000, 8000]);
    expect(server.state.calls.filter((call) => call.index === 1)).toHaveLength(1 + MAX_NETWORK_RETRIES);
    expect(store.values.get(KEY)).toBe(1);

    offline = false;
    server.state.calls.length = 0;
    await runChunkedUpload(job, deps);
    expect(server.state.calls.map((call) => call.index)).toEqual([1, 2]);
  });

  it('retries a 5xx as a network failure', async () => {
    const server = fakeServer(0, (piece, call) => (call === 1 ? new ApiError(503, 'Service Unavailable') : undefined));
    const { deps, job, sleeps } = setup(server);
    await runChunkedUpload(job, deps);
    expect(sleeps).toEqual([1000]);
    expect(server.state.calls.map((call) => call.index)).toEqual([0, 0, 1, 2]);
  });

  it('stops at once on an answer that retrying cannot change (400 FILE_TYPE)', async () => {
    const server = fakeServer(0, () => new ApiError(400, 'Invalid File Type', 'FILE_TYPE'));
    const { deps, job, sleeps } = setup(server);
    await expect(runChunkedUpload(job, deps)).rejects.toMatchObject({
      name: 'UploadFailure',
      code: 'FILE_TYPE',
      message: 'Invalid File Type',
    });
    expect(server.state.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('ends with an AbortError when stopped, keeping where it stood', async () => {
    const controller = new AbortController();
    const server = fakeServer(0, (piece) => {
      if (piece.index === 1) controller.abort();
      return undefined;
    });
    const { deps, job, store } = setup(server);
    await expect(runChunkedUpload(job, deps, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.state.calls.map((call) => call.index)).toEqual([0, 1]);
    expect(store.values.get(KEY)).toBe(2);
  });

  it('keys the memory by book pair, kind, name, size and date', () => {
    expect(KEY).toBe('upload_next_42-101:book:3000000:1700000000000:book.pdf');
    expect(
      resumeKey({ localBookId: null, internationalBookId: 7, kind: 'cover', name: 'c.pdf', size: 5, lastModified: 1 }),
    ).toBe('upload_next_0-7:cover:5:1:c.pdf');
  });
});
