import { fakeJwt, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { setCurrentUser, setTokens, type ChatMessage, type User } from '@pod/shared-contracts';

/** The first bytes of a PNG file (the API reads the type from them). */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** A time of the machine's own zone as the API sends it (ISO, UTC): the panel shows it back as dd-MM-yyyy HH:mm. */
export const localIso = (day: number, hours: number, minutes: number) =>
  new Date(2026, 2, day, hours, minutes).toISOString();

/** An image path as the API puts it in `misc`. */
export const imageMisc = (name: string) => JSON.stringify({ imageData: `/api/v1/chat/user/image/${name}` });

export const THANDI = { id: 7, email: 'thandi@example.co.za', name_first: 'Thandi', user_status: 1 } as User;

/** Signs Thandi in with a token valid for an hour from the (possibly fake) clock's now; returns the token. */
export function signIn(): string {
  const accessToken = fakeJwt(3600, { sub: '7', user_status: 1 });
  setTokens({ accessToken, refreshToken: fakeJwt(86_400, { sub: '7' }) });
  setCurrentUser(THANDI);
  return accessToken;
}

/**
 * A fake chat API: GET /chat/user/getchat answers `messages` (a sent message joins them),
 * POST /chat/user/sendmsg stores one, GET /chat/user/image/{name} answers PNG bytes.
 * `override` answers a request first when it returns something.
 */
export function fakeChatApi(initial: ChatMessage[] = []) {
  const messages = [...initial];
  let nextId = 100;
  const api = {
    messages,
    override: undefined as ((request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer> | undefined) | undefined,
    log: [] as RecordedRequest[],
    /** How many times the chat was read. */
    reads: () => api.log.filter((request) => request.method === 'GET' && request.path === '/chat/user/getchat').length,
    sent: () => api.log.filter((request) => request.method === 'POST' && request.path === '/chat/user/sendmsg'),
  };
  api.log = installFakeFetch(async (request): Promise<FakeAnswer> => {
    const answer = await api.override?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.path === '/chat/user/getchat') return { status: 200, body: [...messages] };
    if (request.method === 'POST' && request.path === '/chat/user/sendmsg') {
      const body = request.body as { message: string; imageData: string | null };
      const stored: ChatMessage = {
        id: nextId,
        source: 'user',
        message: body.message,
        created_at: localIso(2, 10, 30),
        misc: body.imageData ? imageMisc(`chat-7-${nextId}.png`) : null,
      };
      nextId += 1;
      messages.push(stored);
      return { status: 201, body: { statusCode: 0, description: 'Message sent', results: [stored] } };
    }
    if (request.method === 'GET' && request.path.startsWith('/chat/user/image/')) {
      return { status: 200, bytes: new Uint8Array(PNG_BYTES), headers: { 'Content-Type': 'image/png' } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return api;
}

/** Stubs the object URL functions jsdom lacks; returns the mocks. */
export function stubObjectUrls() {
  let count = 0;
  const create = jest.fn((_blob: Blob) => {
    count += 1;
    return `blob:chat-image-${count}`;
  });
  const revoke = jest.fn((_url: string) => undefined);
  URL.createObjectURL = create;
  URL.revokeObjectURL = revoke;
  return { create, revoke };
}
