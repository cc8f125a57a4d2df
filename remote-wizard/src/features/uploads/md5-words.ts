/**
 * MD5 (RFC 1321) of an upload piece, as md5_chunk wants it (hex). Written for speed, because
 * every byte of an upload goes through it in the browser: the message is read as 32-bit
 * little-endian words straight from the piece's bytes (no copy, where the platform is little
 * endian, as every browser's is, and the bytes start on a 4-byte boundary) and the 64 steps are
 * written out. spark-md5 assembled each word from four bytes and took about 10 ms per
 * 1,024,000-byte piece in Chromium; this takes about 3 (e2e/bench/not-met.md). Checked
 * against RFC 1321's test suite and spark-md5 in __tests__/md5-words.test.ts.
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Blocks of 64 bytes read at a time when the words cannot be read in place. */
const COPIED_BLOCKS = 1024;

/** The four-word state after `count` 64-byte blocks of `words` (RFC 1321, section 3.4). */
function compress(state: Int32Array, words: Int32Array, count: number): void {
  let a0 = state[0]!;
  let b0 = state[1]!;
  let c0 = state[2]!;
  let d0 = state[3]!;
  for (let o = 0; o < count * 16; o += 16) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    const x0 = words[o]!;
    const x1 = words[o + 1]!;
    const x2 = words[o + 2]!;
    const x3 = words[o + 3]!;
    const x4 = words[o + 4]!;
    const x5 = words[o + 5]!;
    const x6 = words[o + 6]!;
    const x7 = words[o + 7]!;
    const x8 = words[o + 8]!;
    const x9 = words[o + 9]!;
    const x10 = words[o + 10]!;
    const x11 = words[o + 11]!;
    const x12 = words[o + 12]!;
    const x13 = words[o + 13]!;
    const x14 = words[o + 14]!;
    const x15 = words[o + 15]!;
    a = (a + ((b & c) | (~b & d)) + x0 - 680876936) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x1 - 389564586) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x2 + 606105819) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x3 - 1044525330) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & c) | (~b & d)) + x4 - 176418897) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x5 + 1200080426) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x6 - 1473231341) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x7 - 45705983) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & c) | (~b & d)) + x8 + 1770035416) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x9 - 1958414417) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x10 - 42063) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x11 - 1990404162) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & c) | (~b & d)) + x12 + 1804603682) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x13 - 40341101) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x14 - 1502002290) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x15 + 1236535329) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;

    a = (a + ((b & d) | (c & ~d)) + x1 - 165796510) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x6 - 1069501632) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x11 + 643717713) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x0 - 373897302) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x5 - 701558691) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x10 + 38016083) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x15 - 660478335) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x4 - 405537848) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x9 + 568446438) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x14 - 1019803690) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x3 - 187363961) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x8 + 1163531501) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x13 - 1444681467) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x2 - 51403784) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x7 + 1735328473) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x12 - 1926607734) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;

    a = (a + (b ^ c ^ d) + x5 - 378558) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x8 - 2022574463) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x11 + 1839030562) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x14 - 35309556) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (b ^ c ^ d) + x1 - 1530992060) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x4 + 1272893353) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x7 - 155497632) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x10 - 1094730640) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (b ^ c ^ d) + x13 + 681279174) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x0 - 358537222) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x3 - 722521979) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x6 + 76029189) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (b ^ c ^ d) + x9 - 640364487) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x12 - 421815835) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x15 + 530742520) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x2 - 995338651) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;

    a = (a + (c ^ (b | ~d)) + x0 - 198630844) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x7 + 1126891415) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x14 - 1416354905) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x5 - 57434055) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x12 + 1700485571) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x3 - 1894986606) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x10 - 1051523) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x1 - 2054922799) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x8 + 1873313359) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x15 - 30611744) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x6 - 1560198380) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x13 + 1309151649) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x4 - 145523070) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x11 - 1120210379) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x2 + 718787259) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x9 - 343485551) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;

    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  state[0] = a0;
  state[1] = b0;
  state[2] = c0;
  state[3] = d0;
}

/** Reads `count` words from `view` at byte `offset`, little endian, into `into`. */
function readWords(view: DataView, offset: number, into: Int32Array, count: number): void {
  for (let w = 0; w < count; w += 1) into[w] = view.getInt32(offset + w * 4, true);
}

/** The MD5 of `data` as 32 lower-case hex digits. */
export function md5Hex(data: ArrayBuffer | Uint8Array): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const state = new Int32Array([0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476]);
  const blocks = bytes.length >>> 6;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) {
    compress(state, new Int32Array(bytes.buffer, bytes.byteOffset, blocks * 16), blocks);
  } else {
    const copied = new Int32Array(COPIED_BLOCKS * 16);
    for (let first = 0; first < blocks; first += COPIED_BLOCKS) {
      const count = Math.min(COPIED_BLOCKS, blocks - first);
      readWords(view, first * 64, copied, count * 16);
      compress(state, copied, count);
    }
  }
  // The rest, the 0x80 byte, zeros and the length in bits (64-bit little endian): one or two blocks.
  const rest = bytes.length - blocks * 64;
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(bytes.subarray(blocks * 64));
  tail[rest] = 0x80;
  const tailView = new DataView(tail.buffer);
  const bits = bytes.length * 8;
  tailView.setUint32(tail.length - 8, bits >>> 0, true);
  tailView.setUint32(tail.length - 4, Math.floor(bits / 2 ** 32), true);
  const tailWords = new Int32Array(tail.length / 4);
  readWords(tailView, 0, tailWords, tailWords.length);
  compress(state, tailWords, tail.length / 64);

  const digest = new DataView(state.buffer);
  let hex = '';
  for (let i = 0; i < 16; i += 1) hex += digest.getUint8(i).toString(16).padStart(2, '0');
  return hex;
}
