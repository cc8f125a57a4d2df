import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LIMITS } from '../constants';
import type { ChatMessage } from '../data/collections';
import { getChat } from '../data/api/get-chat';
import { queryKeys } from './query-keys';
import { usePageVisible } from './page-visibility';

/**
 * The support chat's messages (GET /chat/user/getchat, oldest first) and its polling rule
 * (account-area.md sections 4 and 9: every 20 seconds). Read only while `open` (the panel is
 * shown); polled while open and the page is visible: a hidden tab asks nothing, and the moment
 * it is visible again the chat is read at once, then every 20 s from there. Each opening reads
 * it afresh (staleTime 0). Sending a message invalidates it (`chatMessageSent`).
 */
export function useChatQuery({ open }: { open: boolean }): UseQueryResult<ChatMessage[]> {
  const visible = usePageVisible();
  const query = useQuery({
    queryKey: queryKeys.chat(),
    queryFn: getChat,
    enabled: open,
    staleTime: 0,
    refetchInterval: open && visible ? LIMITS.chatPollMs : false,
    // The interval is already off while the page is hidden (above): one visibility rule, ours.
    refetchIntervalInBackground: true,
  });
  const { refetch } = query;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (open && visible && !wasVisible.current) void refetch();
    wasVisible.current = visible;
  }, [open, visible, refetch]);
  return query;
}
