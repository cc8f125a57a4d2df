import { act, screen } from '@testing-library/react';
import { createTestQueryClient, installFakeFetch, Providers, renderWithProviders } from '../../testing';
import { invalidateAfter, queryKeys, useChatQuery } from '..';

function Chat({ open }: { open: boolean }) {
  const chat = useChatQuery({ open });
  return <p>{chat.data ? `${chat.data.length} messages` : 'no messages read'}</p>;
}

beforeEach(() => localStorage.clear());

describe('useChatQuery', () => {
  it('reads GET /chat/user/getchat only while open', async () => {
    const log = installFakeFetch(() => ({
      status: 200,
      body: [{ id: 1, source: 'admin', message: 'Hello', created_at: '2026-03-02T08:00:00Z', misc: null }],
    }));
    const { rerender, queryClient } = renderWithProviders(<Chat open={false} />);
    expect(screen.getByText('no messages read')).toBeInTheDocument();
    expect(log).toHaveLength(0);

    rerender(
      <Providers queryClient={queryClient}>
        <Chat open />
      </Providers>,
    );

    expect(await screen.findByText('1 messages')).toBeInTheDocument();
    expect(log.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /chat/user/getchat']);
  });

  it('is made stale by a sent message, while the images stay cached', async () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.chat(), []);
    client.setQueryData(queryKeys.chatImage('chat-7-aaaaaaaaaaaaaaaaaaaaaaaa.png'), 'image');

    await act(() => invalidateAfter(client, 'chatMessageSent'));

    expect(client.getQueryState(queryKeys.chat())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.chatImage('chat-7-aaaaaaaaaaaaaaaaaaaaaaaa.png'))?.isInvalidated).toBe(false);
  });
});
