import SparkMD5 from 'spark-md5';
import type { FakeAnswer, RecordedRequest } from '@pod/shared-contracts/testing';

/** The MD5 (hex) of the bytes received (spark-md5's own results are checked against hashlib's in chunked-upload.test.ts). */
export const md5Hex = (bytes: Uint8Array) =>
  SparkMD5.ArrayBuffer.hash(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);

/** A file of `size` bytes of a fixed pattern. */
export function fileOf(name: string, size: number, type = '', lastModified = 1_700_000_000_000): File {
  return new File([Uint8Array.from({ length: size }, (_, i) => (i * 7 + name.length) % 256)], name, {
    type,
    lastModified,
  });
}

/** One piece as the fake server saw it. */
export interface ReceivedPiece {
  path: string;
  name: string;
  index: number;
  query: Record<string, string>;
  md5Matches: boolean;
}

const problem = (status: number, message: string, code: string): FakeAnswer => ({
  status,
  body: { statusCode: status, error: status === 409 ? 'Conflict' : 'Bad Request', message, code },
});

/**
 * POST /session/v2/packet and /session/v2/packet-cover as portal.yaml describes them, in
 * memory: the MD5 of the bytes received is checked, the index must be the one expected next
 * (409 CHUNK_ORDER 'Out of order: send piece N next.' otherwise), and the last piece answers
 * the finalFilename `final-<name>`. `before` may answer a piece first (a failure, a held answer).
 */
export function createPacketServer() {
  const expected = new Map<string, number>();
  const received: ReceivedPiece[] = [];
  const server = {
    received,
    expected,
    before: null as ((piece: ReceivedPiece) => FakeAnswer | Promise<FakeAnswer> | undefined) | null,
    /** Answers a packet request, or returns undefined for any other path. */
    handle(request: RecordedRequest): FakeAnswer | Promise<FakeAnswer> | undefined {
      if (request.path !== '/session/v2/packet' && request.path !== '/session/v2/packet-cover') return undefined;
      const cover = request.path.endsWith('-cover');
      const name = request.query.name ?? '';
      const index = Number(request.query[cover ? 'currentCoverChunkIndex' : 'currentChunkIndex']);
      const piece: ReceivedPiece = {
        path: request.path,
        name,
        index,
        query: request.query,
        md5Matches: md5Hex(request.bytes ?? new Uint8Array()) === request.query.md5_chunk,
      };
      received.push(piece);
      const scripted = server.before?.(piece);
      if (scripted) return scripted;
      if (!piece.md5Matches) return problem(400, 'The piece did not arrive intact', 'CHUNK_MD5');
      const key = `${request.path}:${name}`;
      const want = expected.get(key) ?? 0;
      if (index !== want) return problem(409, `Out of order: send piece ${want} next.`, 'CHUNK_ORDER');
      expected.set(key, want + 1);
      const last = want + 1 === Number(request.query.totalChunks);
      return {
        status: 200,
        body: { statusCode: 0, next_index: want + 1, finalFilename: last ? `final-${name}` : null },
      };
    },
    /** The indexes of the pieces of one file, in the order they arrived. */
    indexes(name: string) {
      return received.filter((piece) => piece.name === name).map((piece) => piece.index);
    },
  };
  return server;
}
