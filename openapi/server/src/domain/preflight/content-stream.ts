/**
 * A PDF content-stream reader for the preflight (pure): it yields each operator with the operands
 * the checks need (numbers and names; strings, arrays and dictionaries are skipped and stand as
 * null), and inline images (BI ... ID ... EI) as one `BI` operation carrying their pixel size.
 * Malformed input never throws: an unterminated string or array ends the stream.
 */

/** A number, a name (without its slash), or null for anything else. */
export type Operand = number | { name: string } | null;

export interface Operation {
  operator: string;
  operands: Operand[];
  /** For `BI`: the inline image's width and height in pixels (0 when missing). */
  inlineImage?: { width: number; height: number };
}

/** Operands kept before an operator (a well-formed operator takes at most a handful). */
const MAX_OPERANDS = 32;

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 || // (
  c === 0x29 || // )
  c === 0x3c || // <
  c === 0x3e || // >
  c === 0x5b || // [
  c === 0x5d || // ]
  c === 0x7b || // {
  c === 0x7d || // }
  c === 0x2f || // /
  c === 0x25; // %
const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c);

class Reader {
  position = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done() {
    return this.position >= this.bytes.length;
  }

  skipWhite() {
    const { bytes } = this;
    while (this.position < bytes.length) {
      const c = bytes[this.position]!;
      if (isWhite(c)) this.position += 1;
      else if (c === 0x25) {
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d) {
          this.position += 1;
        }
      } else break;
    }
  }

  /** A literal string: balanced parentheses, backslash escapes. */
  skipLiteralString() {
    const { bytes } = this;
    let depth = 0;
    while (this.position < bytes.length) {
      const c = bytes[this.position]!;
      this.position += 1;
      if (c === 0x5c) this.position += 1;
      else if (c === 0x28) depth += 1;
      else if (c === 0x29) {
        depth -= 1;
        if (depth === 0) return;
      }
    }
  }

  skipHexString() {
    const end = this.bytes.indexOf(0x3e, this.position + 1);
    this.position = end === -1 ? this.bytes.length : end + 1;
  }

  regularRun(): string {
    const start = this.position;
    while (this.position < this.bytes.length && isRegular(this.bytes[this.position]!)) this.position += 1;
    return latin1(this.bytes, start, this.position);
  }

  name(): string {
    this.position += 1; // the slash
    const raw = this.regularRun();
    return raw.includes('#')
      ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : raw;
  }

  /**
   * The next object: a number, a name, null for a string, array, dictionary or keyword value,
   * or an operator (a keyword that is not true/false/null). Undefined at the end.
   */
  next(): { operand: Operand } | { operator: string } | undefined {
    this.skipWhite();
    if (this.done) return undefined;
    const c = this.bytes[this.position]!;
    if (c === 0x2f) return { operand: { name: this.name() } };
    if (c === 0x28) {
      this.skipLiteralString();
      return { operand: null };
    }
    if (c === 0x3c) {
      if (this.bytes[this.position + 1] === 0x3c) {
        this.skipContainer(0x3c, 0x3e, 2);
        return { operand: null };
      }
      this.skipHexString();
      return { operand: null };
    }
    if (c === 0x5b) {
      this.skipContainer(0x5b, 0x5d, 1);
      return { operand: null };
    }
    if (c === 0x7b || c === 0x7d || c === 0x29 || c === 0x5d || c === 0x3e) {
      // A stray delimiter (or a PostScript brace): skipped.
      this.position += 1;
      return { operand: null };
    }
    const word = this.regularRun();
    const number = Number(word);
    if (word !== '' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(number)) return { operand: number };
    if (word === 'true' || word === 'false' || word === 'null') return { operand: null };
    return { operator: word };
  }

  /** An array (`[`, `]`) or dictionary (`<<`, `>>`) with whatever it nests. */
  skipContainer(open: number, close: number, width: number) {
    const { bytes } = this;
    let depth = 0;
    while (this.position < bytes.length) {
      const c = bytes[this.position]!;
      if (c === 0x28) {
        this.skipLiteralString();
        continue;
      }
      if (c === 0x25) {
        this.skipWhite();
        continue;
      }
      if (c === 0x3c && bytes[this.position + 1] !== 0x3c) {
        this.skipHexString();
        continue;
      }
      if (width === 2 ? c === open && bytes[this.position + 1] === open : c === open) {
        depth += 1;
        this.position += width;
        continue;
      }
      if (width === 2 ? c === close && bytes[this.position + 1] === close : c === close) {
        depth -= 1;
        this.position += width;
        if (depth === 0) return;
        continue;
      }
      this.position += 1;
    }
  }

  /**
   * After `BI`: the image's dictionary up to `ID`, then its data up to `EI` (preceded by white
   * space and followed by white space, a delimiter or the end).
   */
  inlineImage(): { width: number; height: number } {
    const entries = new Map<string, Operand>();
    let key: string | null = null;
    for (;;) {
      const item = this.next();
      if (!item) return { width: 0, height: 0 };
      if ('operator' in item) {
        if (item.operator === 'ID') break;
        continue;
      }
      if (key === null) {
        if (item.operand && typeof item.operand === 'object') key = item.operand.name;
      } else {
        entries.set(key, item.operand);
        key = null;
      }
    }
    this.position += 1; // the one white-space byte after ID
    const { bytes } = this;
    let at = this.position;
    for (;;) {
      at = bytes.indexOf(0x45, at); // E
      if (at === -1) {
        this.position = bytes.length;
        break;
      }
      const after = bytes[at + 2];
      if (
        bytes[at + 1] === 0x49 && // I
        at > this.position && // the data has at least a byte
        isWhite(bytes[at - 1]!) &&
        (after === undefined || isWhite(after) || isDelimiter(after))
      ) {
        this.position = at + 2;
        break;
      }
      at += 1;
    }
    const size = (long: string, short: string) => {
      const value = entries.get(long) ?? entries.get(short);
      return typeof value === 'number' ? value : 0;
    };
    return { width: size('Width', 'W'), height: size('Height', 'H') };
  }
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i += 1) text += String.fromCharCode(bytes[i]!);
  return text;
}

/** Every operation of a content stream, in order. */
export function* operations(bytes: Uint8Array): Generator<Operation> {
  const reader = new Reader(bytes);
  let operands: Operand[] = [];
  for (;;) {
    const item = reader.next();
    if (!item) return;
    if ('operand' in item) {
      if (operands.length >= MAX_OPERANDS) operands.shift();
      operands.push(item.operand);
      continue;
    }
    if (item.operator === 'BI') {
      yield { operator: 'BI', operands: [], inlineImage: reader.inlineImage() };
    } else {
      yield { operator: item.operator, operands };
    }
    operands = [];
  }
}
