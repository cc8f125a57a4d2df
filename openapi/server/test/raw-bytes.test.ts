import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { parseRawBytes, RawBytes } from '../src/raw-bytes.js';

/** What the parser reads of a request: its route's body limit and its headers. */
const requestWith = (bodyLimit: number, headers: Record<string, string> = {}) =>
  ({ routeOptions: { bodyLimit }, headers }) as unknown as FastifyRequest;

/** A stream that hands over `parts` one by one, as a socket's reads arrive. */
const streamOf = (parts: Buffer[]) => Readable.from(parts, { objectMode: false });

describe('raw request bodies (application/octet-stream)', () => {
  it('keeps the parts as they arrived: the same buffers, never joined', async () => {
    const parts = [Buffer.from('%PDF-'), Buffer.from('1.7\n'), Buffer.alloc(70_000, 7)];
    const body = await parseRawBytes(requestWith(1_048_576, { 'content-length': '70009' }), streamOf(parts));
    assert.equal(body.length, 70_009);
    assert.equal(body.parts.length, 3);
    parts.forEach((part, i) => assert.equal(body.parts[i], part, `part ${i} is the buffer that arrived`));
  });

  it('answers the head without copying when the first part holds it, joined only across parts', async () => {
    // Buffer.alloc: a buffer of its own (Buffer.from of a short string would sit in the shared pool).
    const first = Buffer.alloc(17);
    first.write('%PDF-1.7 and more');
    const whole = new RawBytes([first, Buffer.from('tail')], first.length + 4);
    const head = whole.head(5);
    assert.equal(head.toString(), '%PDF-');
    assert.equal(head.buffer, first.buffer, 'a view of the first part');
    assert.equal(head.byteOffset, first.byteOffset);
    const spanning = new RawBytes([Buffer.from('%P'), Buffer.from('DF'), Buffer.from('-1.7')], 8);
    assert.equal(spanning.head(5).toString(), '%PDF-');
    assert.equal(spanning.head(64).toString(), '%PDF-1.7', 'fewer when the body is shorter');
    assert.equal(new RawBytes([], 0).head(64).length, 0);
  });

  it('refuses a Content-Length over the route limit before reading (413, as Fastify does)', async () => {
    const payload = streamOf([Buffer.alloc(10)]);
    await assert.rejects(parseRawBytes(requestWith(100, { 'content-length': '101' }), payload), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    assert.equal(payload.readableFlowing, null, 'nothing was read');
  });

  it('refuses a streamed body once it passes the limit, without destroying the request', async () => {
    const payload = new PassThrough();
    const parsing = parseRawBytes(requestWith(100), payload);
    payload.write(Buffer.alloc(60));
    payload.write(Buffer.alloc(60));
    await assert.rejects(parsing, { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    // Destroying a request not read to its end would destroy its socket, and the 413 with it.
    assert.equal(payload.destroyed, false);
    assert.equal(payload.listenerCount('data'), 0);
  });

  it('refuses a body shorter than its Content-Length (400, as Fastify does)', async () => {
    await assert.rejects(parseRawBytes(requestWith(100, { 'content-length': '20' }), streamOf([Buffer.alloc(10)])), {
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
      statusCode: 400,
    });
  });

  it('passes a failure of the stream on: a refusal with its status as it is, anything else as a 400', async () => {
    const refused = Object.assign(new Error('A piece may be at most 1,024,000 bytes.'), { statusCode: 400 });
    const first = new PassThrough();
    const parsing = parseRawBytes(requestWith(100), first);
    first.destroy(refused);
    await assert.rejects(parsing, (error) => error === refused);

    const second = new PassThrough();
    const aborted = parseRawBytes(requestWith(100), second);
    second.destroy(new Error('aborted'));
    await assert.rejects(aborted, { message: 'aborted', statusCode: 400 });
  });
});
