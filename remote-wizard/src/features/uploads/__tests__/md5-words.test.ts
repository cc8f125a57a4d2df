import SparkMD5 from 'spark-md5';
import { md5Hex } from '../md5-words';

const ascii = (text: string) => new TextEncoder().encode(text);

/** Bytes that repeat only after 251 (a prime): every word of a block differs. */
const bytes = (length: number, seed = 7) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

/** spark-md5, the hasher the uploads used before: an independent implementation to compare with. */
const spark = (data: Uint8Array) =>
  SparkMD5.ArrayBuffer.hash(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);

describe('md5Hex', () => {
  it("gives RFC 1321's test suite digests", () => {
    const suite: Array<[string, string]> = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      [
        '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
        '57edf4a22be3c955ac49da2e2107b67a',
      ],
    ];
    for (const [message, digest] of suite) expect(md5Hex(ascii(message))).toBe(digest);
  });

  it('agrees with spark-md5 on every length around the block and padding boundaries', () => {
    for (const length of [1, 3, 4, 55, 56, 57, 63, 64, 65, 119, 120, 121, 127, 128, 129, 1000, 4097]) {
      expect([length, md5Hex(bytes(length))]).toEqual([length, spark(bytes(length))]);
    }
  });

  it('hashes an ArrayBuffer and a view the same, whether or not the view starts on a word boundary', () => {
    const data = bytes(70_001, 3);
    const expected = spark(data);
    expect(md5Hex(data.buffer)).toBe(expected);
    for (const offset of [1, 2, 3, 4]) {
      const shifted = new Uint8Array(data.length + offset);
      shifted.set(data, offset);
      expect(md5Hex(shifted.subarray(offset))).toBe(expected);
    }
  });

  it('hashes a whole upload piece of 1,024,000 bytes, more blocks than are copied at a time', () => {
    const piece = bytes(1_024_000);
    // As Python's hashlib computes it: the first piece of chunked-upload.test.ts's file.
    expect(md5Hex(piece)).toBe('45c60ed5d9c40067d668c24b44aeda7b');
    const shifted = new Uint8Array(piece.length + 1);
    shifted.set(piece, 1);
    expect(md5Hex(shifted.subarray(1))).toBe('45c60ed5d9c40067d668c24b44aeda7b');
  });
});
