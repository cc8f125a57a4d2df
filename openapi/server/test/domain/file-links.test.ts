import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createFileLinks, FILE_LINK_PATH, FILE_LINK_TTL_SECONDS, type FileRef } from '../../src/domain/file-links.js';
import { createClock } from '../helpers/test-app.js';

describe('file link tokens', () => {
  const key = randomBytes(32);
  const clock = createClock();
  const links = createFileLinks(key, clock.now);
  const expiresAt = Math.floor(clock.now().getTime() / 1000) + FILE_LINK_TTL_SECONDS;

  it('round-trips every kind of file reference with the user, book and a 30-minute expiry', () => {
    const refs: FileRef[] = [
      { kind: 'file', name: '42-0-book-3f9c2a81d0b4.pdf' },
      { kind: 'thumbnail', name: null },
      { kind: 'thumbnail', name: 'thumb.jpg' },
      { kind: 'contract' },
    ];
    for (const file of refs) {
      assert.deepEqual(links.read(links.token(7, 42, file)), {
        ok: true,
        claims: { userId: 7, bookId: 42, file, expiresAt },
      });
    }
    assert.ok(links.url(7, 42, { kind: 'contract' }).startsWith(FILE_LINK_PATH));
    assert.equal(FILE_LINK_TTL_SECONDS, 1800);
  });

  it('refuses any changed part, another key, and malformed tokens as invalid', () => {
    const token = links.token(7, 42, { kind: 'file', name: 'a.pdf' });
    const parts = token.split('.');
    const variants = [
      [8, ...parts.slice(1)],
      [parts[0], 43, ...parts.slice(2)],
      [parts[0], parts[1], Number(parts[2]) + 60, ...parts.slice(3)],
      [...parts.slice(0, 3), Buffer.from('f:b.pdf').toString('base64url'), parts[4]],
      [...parts.slice(0, 4), `${parts[4]!.slice(0, -1)}${parts[4]!.endsWith('A') ? 'B' : 'A'}`],
    ].map((variant) => variant.join('.'));
    for (const forged of [
      ...variants,
      createFileLinks(randomBytes(32), clock.now).token(7, 42, { kind: 'file', name: 'a.pdf' }),
      '',
      'a.b.c.d.e',
      `${token}.extra`,
      parts.slice(0, 4).join('.'),
    ]) {
      assert.deepEqual(links.read(forged), { ok: false, reason: 'invalid' }, forged);
    }
  });

  it('says expired only for a genuine token, from its last second on', () => {
    const token = links.token(7, 42, { kind: 'contract' });
    const later = createClock(new Date(clock.now().getTime() + (FILE_LINK_TTL_SECONDS - 1) * 1000));
    const reader = createFileLinks(key, later.now);
    assert.equal(reader.read(token).ok, true);
    later.advance(1);
    assert.deepEqual(reader.read(token), { ok: false, reason: 'expired' });
    const parts = token.split('.');
    const forged = [...parts.slice(0, 4), `${parts[4]!.slice(0, -1)}${parts[4]!.endsWith('A') ? 'B' : 'A'}`].join('.');
    assert.deepEqual(reader.read(forged), { ok: false, reason: 'invalid' });
  });
});
