import { DEFAULT_PUSH_TITLE, notificationTarget, parsePushMessage } from '../push-message';

const ORIGIN = 'https://portal.example';

describe('parsePushMessage', () => {
  it('reads title, body and url from JSON', () => {
    expect(
      parsePushMessage(JSON.stringify({ title: 'Test notification', body: 'Hi', url: '/orders' }), ORIGIN),
    ).toEqual({ title: 'Test notification', body: 'Hi', url: 'https://portal.example/orders' });
  });

  it('falls back to the portal name, an empty body and the start page', () => {
    expect(parsePushMessage('{}', ORIGIN)).toEqual({ title: DEFAULT_PUSH_TITLE, body: '', url: `${ORIGIN}/` });
    expect(parsePushMessage(JSON.stringify({ title: '  ', body: 3 }), ORIGIN).title).toBe(DEFAULT_PUSH_TITLE);
  });

  it('shows plain text (and JSON that is not an object) as the body', () => {
    expect(parsePushMessage('Your book was approved', ORIGIN)).toEqual({
      title: DEFAULT_PUSH_TITLE,
      body: 'Your book was approved',
      url: `${ORIGIN}/`,
    });
    expect(parsePushMessage('42', ORIGIN).body).toBe('42');
    expect(parsePushMessage('', ORIGIN).title).toBe(DEFAULT_PUSH_TITLE);
  });
});

describe('notificationTarget', () => {
  it('keeps paths and URLs of the portal', () => {
    expect(notificationTarget('/books/3', ORIGIN)).toBe(`${ORIGIN}/books/3`);
    expect(notificationTarget(`${ORIGIN}/orders?x=1`, ORIGIN)).toBe(`${ORIGIN}/orders?x=1`);
  });

  it('never leads to another origin or scheme', () => {
    expect(notificationTarget('https://evil.example/login', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
