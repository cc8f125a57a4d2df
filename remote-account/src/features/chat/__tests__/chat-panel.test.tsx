import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, Providers, renderWithProviders, type FakeAnswer } from '@pod/shared-contracts/testing';
import {
  CHAT_IMAGE_TOO_LARGE_MESSAGE,
  CHAT_IMAGE_TYPE_MESSAGE,
  hydrateSession,
  MAX_CHAT_IMAGE_BYTES,
  QUEUED_ALERTS,
  setOfflineQueue,
  type ChatMessage,
  type OfflineRequest,
} from '@pod/shared-contracts';
import { ChatPanel } from '../chat-panel';
import { fakeChatApi, imageMisc, localIso, PNG_BYTES, signIn, stubObjectUrls } from './chat-fixtures';

const SUPPORT_REPLY: ChatMessage = {
  id: 2,
  source: 'admin',
  message: 'Hi Thandi, how can we help?',
  created_at: localIso(2, 9, 20),
  misc: null,
};
const QUESTION: ChatMessage = {
  id: 1,
  source: 'user',
  message: 'Where is my proof?',
  created_at: localIso(2, 9, 15),
  misc: null,
};
const AUTO_REPLY: ChatMessage = {
  id: 3,
  source: 'system',
  message: 'Our office is closed at the moment.',
  created_at: localIso(2, 9, 21),
  misc: null,
};

function renderPanel({ open = true, onClose = jest.fn() }: { open?: boolean; onClose?: () => void } = {}) {
  const view = renderWithProviders(<ChatPanel id="support-chat" open={open} onClose={onClose} />);
  return {
    ...view,
    onClose,
    // Off: the tests choose files a browser's picker would hide (the user may pick "All files").
    user: userEvent.setup({ applyAccept: false }),
    /** Renders the panel again, opened or closed, in the same providers (state kept). */
    reopen: (next: boolean) =>
      view.rerender(
        <Providers queryClient={view.queryClient}>
          <ChatPanel id="support-chat" open={next} onClose={onClose} />
        </Providers>,
      ),
  };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const imageInput = () => screen.getByLabelText('Attach image');
const items = async () => within(await screen.findByRole('log', { name: 'Messages' })).findAllByRole('listitem');

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  signIn();
});

describe('the support chat panel', () => {
  it('is a dialog named Support chat, listing the messages with their source and time; focus starts in Message', async () => {
    fakeChatApi([QUESTION, SUPPORT_REPLY, AUTO_REPLY]);
    renderPanel();

    const dialog = screen.getByRole('dialog', { name: 'Support chat' });
    expect(dialog).toHaveAttribute('id', 'support-chat');
    expect(dialog).not.toHaveAttribute('aria-modal', 'true');
    expect(messageBox()).toHaveFocus();

    const [question, reply, auto] = await items();
    expect(question).toHaveTextContent('You 02-03-2026 09:15Where is my proof?');
    expect(reply).toHaveTextContent('Support 02-03-2026 09:20Hi Thandi, how can we help?');
    expect(auto).toHaveTextContent('System 02-03-2026 09:21Our office is closed at the moment.');
    expect(within(reply!).getByText('02-03-2026 09:20')).toHaveAttribute('datetime', SUPPORT_REPLY.created_at);
  });

  it('shows markup in a message as text, never as elements', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>bold</b>';
    fakeChatApi([{ ...SUPPORT_REPLY, message: markup }]);
    renderPanel();

    const [reply] = await items();
    expect(within(reply!).getByText(markup)).toBeInTheDocument();
    expect(reply!.querySelector('b')).toBeNull();
    expect(within(reply!).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so when there are no messages yet', async () => {
    fakeChatApi([]);
    renderPanel();

    expect(
      await within(screen.getByRole('log', { name: 'Messages' })).findByText(
        'No messages yet. Write to us below: our replies appear here.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed first read with Retry, which reads again', async () => {
    let fail = true;
    const api = fakeChatApi([SUPPORT_REPLY]);
    api.override = (request) =>
      fail && request.path === '/chat/user/getchat'
        ? { status: 503, body: { message: 'Service unavailable' } }
        : undefined;
    const { user } = renderPanel();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await items()).toHaveLength(1);
  });

  it('sends a text message, clears the box and shows it from the refreshed chat', async () => {
    const api = fakeChatApi([SUPPORT_REPLY]);
    const { user } = renderPanel();
    await items();
    expect(sendButton()).toBeDisabled();

    await user.type(messageBox(), '  Can I change my cover?  ');
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());

    await waitFor(() => expect(api.reads()).toBe(2));
    expect(api.sent().map((request) => request.body)).toEqual([{ message: 'Can I change my cover?', imageData: null }]);
    const [, mine] = await items();
    expect(mine).toHaveTextContent('You 02-03-2026 10:30Can I change my cover?');
    expect(messageBox()).toHaveValue('');
    expect(messageBox()).toHaveFocus();
    expect(sendButton()).toBeDisabled();
  });

  it('sends with Enter and starts a new line with Shift+Enter', async () => {
    const api = fakeChatApi([]);
    const { user } = renderPanel();
    await screen.findByRole('log', { name: 'Messages' });

    await user.type(messageBox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(messageBox()).toHaveValue('First line\nsecond line');
    expect(api.sent()).toHaveLength(0);

    await user.type(messageBox(), '{Enter}');
    await waitFor(() =>
      expect(api.sent().map((request) => request.body)).toEqual([
        { message: 'First line\nsecond line', imageData: null },
      ]),
    );
    await waitFor(() => expect(messageBox()).toHaveValue(''));
    // Enter in an empty box sends nothing.
    await user.type(messageBox(), '{Enter}');
    expect(api.sent()).toHaveLength(1);
  });

  it('keeps Send disabled for blank text, and while a message is on its way', async () => {
    const api = fakeChatApi([]);
    const held = deferred<FakeAnswer>();
    api.override = (request) => (request.method === 'POST' ? held.promise : undefined);
    const { user } = renderPanel();

    await user.type(messageBox(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(messageBox(), 'Hello');
    await user.click(sendButton());

    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-busy', 'true'));
    expect(sendButton()).toBeDisabled();
    await user.click(sendButton());
    expect(api.sent()).toHaveLength(1);

    await act(async () => held.resolve({ status: 201, body: { statusCode: 0, results: [] } }));
    await waitFor(() => expect(messageBox()).toHaveValue(''));
    expect(sendButton()).not.toHaveAttribute('aria-busy');
  });

  it("keeps the draft and shows the server's message when sending fails", async () => {
    const api = fakeChatApi([]);
    const message = 'You are sending messages too quickly. Please wait a while before trying again.';
    api.override = (request) =>
      request.method === 'POST' ? { status: 429, body: { message, code: 'RATE_LIMITED' } } : undefined;
    const { user } = renderPanel();

    await user.type(messageBox(), 'Hello again');
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(messageBox()).toHaveValue('Hello again');
    expect(sendButton()).toBeEnabled();
  });

  it('offline, a message is queued: the box clears like a sent one and no failure shows', async () => {
    const queued: OfflineRequest[] = [];
    setOfflineQueue(async (request) => {
      queued.push(request);
    });
    try {
      const api = fakeChatApi([]);
      api.override = (request) => (request.method === 'POST' ? new TypeError('Failed to fetch') : undefined);
      const { user } = renderPanel();

      await user.type(messageBox(), 'Sent from the train');
      await user.click(sendButton());

      await waitFor(() => expect(messageBox()).toHaveValue(''));
      expect(screen.queryByText(QUEUED_ALERTS.submit)).not.toBeInTheDocument(); // the shell's alert, not the panel's
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(queued).toEqual([expect.objectContaining({ method: 'POST', alert: 'submit' })]);
      expect(JSON.parse(queued[0]?.body ?? '{}')).toMatchObject({ message: 'Sent from the train' });
    } finally {
      setOfflineQueue(null);
    }
  });

  it('sends an image alone as a data URL of its type, and shows it fetched with the token', async () => {
    const { create } = stubObjectUrls();
    const api = fakeChatApi([]);
    const token = signIn();
    const { user } = renderPanel();

    await user.upload(imageInput(), new File([PNG_BYTES], 'scan.png', { type: 'image/png' }));
    expect(screen.getByText(/Attached: scan\.png/)).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());

    await waitFor(() => expect(api.sent()).toHaveLength(1));
    expect(api.sent()[0]!.body).toEqual({
      message: '',
      imageData: `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`,
    });
    const image = await screen.findByRole('img', { name: 'Image you sent' });
    expect(image).toHaveAttribute('src', 'blob:chat-image-1');
    const fetched = api.log.filter((request) => request.path === '/chat/user/image/chat-7-100.png');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.authorization).toBe(`Bearer ${token}`);
    expect(create.mock.calls[0]![0].type).toBe('image/png');
    expect(screen.queryByText(/Attached:/)).not.toBeInTheDocument();
  });

  it('sends a .jfif as image/jpeg with the text, even when the browser gives the file no type', async () => {
    stubObjectUrls();
    const api = fakeChatApi([]);
    const { user } = renderPanel();

    await user.type(messageBox(), 'My author photo');
    await user.upload(imageInput(), new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.JFIF', { type: '' }));
    await user.click(sendButton());

    await waitFor(() => expect(api.sent()).toHaveLength(1));
    expect(api.sent()[0]!.body).toEqual({ message: 'My author photo', imageData: 'data:image/jpeg;base64,/9j/4A==' });
  });

  it('lets the user remove a chosen image before sending', async () => {
    fakeChatApi([]);
    const { user } = renderPanel();

    await user.upload(imageInput(), new File([PNG_BYTES], 'scan.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Remove image' }));

    expect(screen.queryByText(/Attached:/)).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    expect(imageInput()).toHaveFocus();
  });

  it.each([
    ['another type', new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }), CHAT_IMAGE_TYPE_MESSAGE],
    [
      'a PDF named like nothing accepted',
      new File(['%PDF-1.7'], 'proof.pdf', { type: 'application/pdf' }),
      CHAT_IMAGE_TYPE_MESSAGE,
    ],
    [
      'an image over 1 MB',
      new File([new Uint8Array(MAX_CHAT_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' }),
      CHAT_IMAGE_TOO_LARGE_MESSAGE,
    ],
  ])('refuses %s before sending anything', async (_case, file, message) => {
    const api = fakeChatApi([]);
    const { user } = renderPanel();

    await user.upload(imageInput(), file);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(imageInput()).toHaveAttribute('aria-invalid', 'true');
    expect(imageInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByText(/Attached:/)).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.type(messageBox(), 'Text only');
    await user.click(sendButton());
    await waitFor(() => expect(api.sent()).toHaveLength(1));
    expect(api.sent()[0]!.body).toEqual({ message: 'Text only', imageData: null });
  });

  it("labels support's images and revokes every object URL when the panel goes", async () => {
    const { create, revoke } = stubObjectUrls();
    const api = fakeChatApi([
      { ...QUESTION, message: '', misc: imageMisc('chat-7-aaaaaaaaaaaaaaaaaaaaaaaa.png') },
      { ...SUPPORT_REPLY, misc: imageMisc('chat-7-bbbbbbbbbbbbbbbbbbbbbbbb.svg') },
    ]);
    const { unmount } = renderPanel();

    expect(await screen.findByRole('img', { name: 'Image you sent' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Image from support' })).toBeInTheDocument();
    expect(api.log.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        '/chat/user/image/chat-7-aaaaaaaaaaaaaaaaaaaaaaaa.png',
        '/chat/user/image/chat-7-bbbbbbbbbbbbbbbbbbbbbbbb.svg',
      ]),
    );
    const urls = create.mock.results.map((result) => result.value as string);
    unmount();

    expect(revoke.mock.calls.map(([url]) => url).sort()).toEqual([...urls].sort());
  });

  it("fetches nothing for an image path that is not the API host's image path", async () => {
    stubObjectUrls();
    const api = fakeChatApi([{ ...SUPPORT_REPLY, misc: JSON.stringify({ imageData: 'https://evil.example/x.png' }) }]);
    renderPanel();

    await items();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(api.log.every((request) => request.path === '/chat/user/getchat')).toBe(true);
  });

  it('scrolls the log to the end when a message arrives', async () => {
    const api = fakeChatApi([SUPPORT_REPLY]);
    const { user } = renderPanel();
    await items();
    const log = screen.getByRole('log', { name: 'Messages' });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 640 });
    expect(log.scrollTop).toBe(0);

    await user.type(messageBox(), 'One more thing');
    await user.click(sendButton());

    await waitFor(() => expect(api.reads()).toBe(2));
    await waitFor(() => expect(log.scrollTop).toBe(640));
  });

  it('closes with Close chat or Escape', async () => {
    fakeChatApi([]);
    const { user, onClose } = renderPanel();

    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(messageBox(), 'draft');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('reads nothing while closed, keeps the draft when closed and reopened, and focuses Message on opening', async () => {
    const api = fakeChatApi([SUPPORT_REPLY]);
    const { user, reopen } = renderPanel({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.reads()).toBe(0);

    reopen(true);
    expect(messageBox()).toHaveFocus();
    await items();
    expect(api.reads()).toBe(1);
    await user.type(messageBox(), 'half-written');

    reopen(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    reopen(true);
    expect(messageBox()).toHaveValue('half-written');
    // Opened again: read afresh.
    await waitFor(() => expect(api.reads()).toBe(2));
  });
});
