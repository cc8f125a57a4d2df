import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { OFFICE_CLOSED_MESSAGE } from '@pod/shared-contracts/constants';
import {
  CHAT_IMAGE_TOO_LARGE_MESSAGE,
  CHAT_IMAGE_TYPE_MESSAGE,
  CHAT_MESSAGE_REQUIRED,
  MAX_CHAT_IMAGE_BYTES,
} from '@pod/shared-contracts/validation';
import { CHAT_IMAGE_NOT_FOUND, CHAT_RATE_LIMITED_MESSAGE } from '../../src/services/chat.js';
import { pngDataUrl } from '../helpers/contract-body.js';
import {
  bearer,
  buildTestApp,
  createClock,
  loginToken,
  registerActiveUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };
interface Message {
  id: number;
  source: 'user' | 'admin' | 'system';
  message: string;
  created_at: string;
  misc: string | null;
}

/** A South African wall-clock time (SAST, UTC+2 all year) as an instant. */
const sast = (localIso: string) => new Date(`${localIso}+02:00`);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>';

describe('chat: sendmsg, getchat, images, office hours', () => {
  // 2026-03-02 is a Monday: 10:00 in Johannesburg, the office is open.
  const clock = createClock(sast('2026-03-02T10:00:00'));
  let t: TestApp;
  let user: User;
  let other: User;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const send = (payload: object, who: User = user) =>
    t.app.inject({ method: 'POST', url: '/api/v1/chat/user/sendmsg', headers: bearer(who.accessToken), payload });
  const chatOf = async (who: User) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/user/getchat',
      headers: bearer(who.accessToken),
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Message[]>();
  };
  const image = (path: string, who: User = user) =>
    t.app.inject({ method: 'GET', url: path, headers: bearer(who.accessToken) });
  const imagePath = (message: Message) => (JSON.parse(message.misc!) as { imageData: string }).imageData;

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/chat/user/getchat' });
    assert.equal(response.statusCode, 401);
  });

  it('stores a message during office hours without a reply, and lists the chat oldest first', async () => {
    const first = await send({ message: '  Hello, where is my proof?  ' });
    assert.equal(first.statusCode, 201, first.body);
    const [stored, ...rest] = first.json<{ statusCode: number; results: Message[] }>().results;
    assert.deepEqual(rest, []);
    assert.equal(stored!.source, 'user');
    assert.equal(stored!.message, 'Hello, where is my proof?');
    assert.equal(stored!.misc, null);
    clock.advance(60);
    await send({ message: 'Second' });
    assert.deepEqual(
      (await chatOf(user)).map((m) => m.message),
      ['Hello, where is my proof?', 'Second'],
    );
  });

  it('stores and answers text as text: markup is neither run nor escaped', async () => {
    const markup = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>';
    const response = await send({ message: markup });
    assert.equal(response.statusCode, 201);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/user/getchat',
      headers: bearer(user.accessToken),
    });
    assert.match(String(listed.headers['content-type']), /^application\/json/);
    assert.equal(listed.headers['x-content-type-options'], 'nosniff');
    assert.equal(listed.json<Message[]>().at(-1)!.message, markup);
  });

  it('refuses a blank message without an image', async () => {
    for (const payload of [{ message: '' }, { message: '   \n ' }, { message: ' ', imageData: null }]) {
      const response = await send(payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        statusCode: 400,
        error: 'Bad Request',
        message: CHAT_MESSAGE_REQUIRED,
        code: 'VALIDATION',
      });
    }
  });

  it("keeps each user's chat to that user", async () => {
    await send({ message: 'Only mine' }, other);
    assert.ok((await chatOf(other)).every((m) => m.message === 'Only mine'));
    assert.ok(!(await chatOf(user)).some((m) => m.message === 'Only mine'));
  });

  describe('images', () => {
    it('stores a PNG under a server-chosen name and serves it to its owner only', async () => {
      const png = pngDataUrl();
      const response = await send({ message: '', imageData: png });
      assert.equal(response.statusCode, 201, response.body);
      const message = response.json<{ results: Message[] }>().results[0]!;
      const path = imagePath(message);
      assert.match(path, /^\/api\/v1\/chat\/user\/image\/chat-\d+-[0-9a-f]{24}\.png$/);

      const own = await image(path);
      assert.equal(own.statusCode, 200);
      assert.equal(own.headers['content-type'], 'image/png');
      assert.equal(own.headers['x-content-type-options'], 'nosniff');
      assert.equal(own.headers['content-disposition'], `inline; filename="${path.split('/').pop()}"`);
      assert.match(String(own.headers['content-security-policy']), /sandbox/);
      assert.deepEqual(own.rawPayload, Buffer.from(png.split(',')[1]!, 'base64'));

      const foreign = await image(path, other);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().message, CHAT_IMAGE_NOT_FOUND);
      assert.equal((await t.app.inject({ method: 'GET', url: path })).statusCode, 401);
      assert.equal((await image('/api/v1/chat/user/image/chat-1-000000000000000000000000.png')).statusCode, 404);
      assert.equal((await image('/api/v1/chat/user/image/..%2Fsecret.png')).statusCode, 400);
    });

    it('serves an SVG with its script as a sandboxed download, never as a page', async () => {
      const response = await send({ message: 'My cover idea', imageData: dataUrl('image/svg+xml', SCRIPTED_SVG) });
      assert.equal(response.statusCode, 201, response.body);
      const served = await image(imagePath(response.json<{ results: Message[] }>().results[0]!));
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/svg+xml');
      assert.match(
        String(served.headers['content-disposition']),
        /^attachment; filename="chat-\d+-[0-9a-f]{24}\.svg"$/,
      );
      const policy = String(served.headers['content-security-policy']);
      assert.match(policy, /default-src 'none'/);
      assert.match(policy, /(^|; )sandbox($|;)/);
      assert.doesNotMatch(policy, /script-src|unsafe/);
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.equal(served.body, SCRIPTED_SVG);
    });

    it('takes a .jfif (a JPEG) and stores it as .jpg', async () => {
      const jfif = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
      const response = await send({ message: 'photo', imageData: dataUrl('image/jpeg', jfif) });
      assert.equal(response.statusCode, 201, response.body);
      const path = imagePath(response.json<{ results: Message[] }>().results[0]!);
      assert.match(path, /\.jpg$/);
      assert.equal((await image(path)).headers['content-type'], 'image/jpeg');
    });

    it('refuses wrong types, bytes that are not what they claim, and stores nothing', async () => {
      const before = (await chatOf(user)).length;
      for (const imageData of [
        dataUrl('image/gif', 'GIF89a\x01\x00\x01\x00'),
        dataUrl('text/html', '<script>alert(1)</script>'),
        dataUrl('image/png', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
        dataUrl('image/svg+xml', '<html><script>alert(1)</script></html>'),
        dataUrl('application/pdf', '%PDF-1.7'),
        'not a data url',
      ]) {
        const response = await send({ message: 'look', imageData });
        assert.equal(response.statusCode, 400, imageData.slice(0, 30));
        assert.deepEqual(response.json(), {
          statusCode: 400,
          error: 'Bad Request',
          message: CHAT_IMAGE_TYPE_MESSAGE,
          code: 'IMAGE_TYPE',
        });
      }
      assert.equal((await chatOf(user)).length, before);
    });

    it('refuses an image over 1 MB (400) and a body over the route limit (413)', async () => {
      const png = Buffer.from(pngDataUrl().split(',')[1]!, 'base64');
      const big = Buffer.concat([png, Buffer.alloc(MAX_CHAT_IMAGE_BYTES + 1 - png.length)]);
      const tooLarge = await send({ message: 'big', imageData: dataUrl('image/png', big) });
      assert.equal(tooLarge.statusCode, 400);
      assert.equal(tooLarge.json().message, CHAT_IMAGE_TOO_LARGE_MESSAGE);
      assert.equal(tooLarge.json().code, 'IMAGE_TOO_LARGE');

      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/user/sendmsg',
        headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
        payload: JSON.stringify({
          message: 'x'.repeat(10),
          imageData: `data:image/png;base64,${'A'.repeat(2_300_000)}`,
        }),
      });
      assert.equal(huge.statusCode, 413);
    });
  });

  describe('out of office (South African time)', () => {
    const fresh = async () => registerActiveUser(t.app);
    const at = (localIso: string) => {
      clock.advance((sast(localIso).getTime() - clock.now().getTime()) / 1000);
    };
    /** Days pass between messages: a fresh access token for each (they last 15 minutes). */
    const sendAt = async (localIso: string, message: string, author: User) => {
      at(localIso);
      const accessToken = await loginToken(t.app, author.email, author.password);
      return send({ message }, { ...author, accessToken });
    };

    it('replies once per closed period: Friday 16:31, again on Saturday no, Monday 08:00 open', async () => {
      const author = await fresh();
      const friday = await sendAt('2026-03-06T16:31:00', 'Anyone there?', author); // Friday, after 16:30
      const results = friday.json<{ results: Message[] }>().results;
      assert.deepEqual(
        results.map((m) => [m.source, m.message]),
        [
          ['user', 'Anyone there?'],
          ['system', OFFICE_CLOSED_MESSAGE],
        ],
      );
      const saturday = await sendAt('2026-03-07T09:00:00', 'Hello?', author); // Saturday: the same closed period
      assert.deepEqual(
        saturday.json<{ results: Message[] }>().results.map((m) => m.source),
        ['user'],
      );
      const monday = await sendAt('2026-03-09T08:00:00', 'Good morning', author); // Monday 08:00: open
      assert.deepEqual(
        monday.json<{ results: Message[] }>().results.map((m) => m.source),
        ['user'],
      );
      // Monday after 17:00: a new closed period, a new reply.
      const evening = await sendAt('2026-03-09T17:05:00', 'One more thing', author);
      assert.deepEqual(
        evening.json<{ results: Message[] }>().results.map((m) => m.source),
        ['user', 'system'],
      );
      const accessToken = await loginToken(t.app, author.email, author.password);
      assert.deepEqual(
        (await chatOf({ ...author, accessToken })).map((m) => m.source),
        ['user', 'system', 'user', 'user', 'user', 'system'],
      );
    });

    it('replies on a Saturday to a user who wrote nothing since the office closed', async () => {
      const author = await fresh();
      const response = await sendAt('2026-03-14T11:00:00', 'Weekend question', author); // a Saturday
      assert.deepEqual(
        response.json<{ results: Message[] }>().results.map((m) => m.source),
        ['user', 'system'],
      );
    });

    it('answers nothing extra during office hours on a Friday before 16:30', async () => {
      const author = await fresh();
      const response = await sendAt('2026-03-20T16:29:00', 'Quick one', author);
      assert.deepEqual(
        response.json<{ results: Message[] }>().results.map((m) => m.source),
        ['user'],
      );
    });
  });

  it('limits messages per user (429 with Retry-After) when the limit is reached', async () => {
    const limited = await buildApp({
      specPath,
      db: t.app.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        now: clock.now,
        uploads: t.app.config.uploads,
        rateLimits: { ...DEFAULT_RATE_LIMITS, chatMessagesPerUser: { max: 2, windowSeconds: 3600 } },
      },
    });
    try {
      const author = await registerActiveUser(limited);
      const post = () =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/chat/user/sendmsg',
          headers: bearer(author.accessToken),
          payload: { message: 'hi' },
        });
      assert.equal((await post()).statusCode, 201);
      assert.equal((await post()).statusCode, 201);
      const third = await post();
      assert.equal(third.statusCode, 429);
      assert.equal(third.json().message, CHAT_RATE_LIMITED_MESSAGE);
      assert.ok(Number(third.headers['retry-after']) > 0);
    } finally {
      await limited.close();
    }
  });
});
