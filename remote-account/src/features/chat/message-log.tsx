import { useEffect, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cx, formatDateTime, QueryState, type ChatMessage } from '@pod/shared-contracts';
import { ChatImage } from './chat-image';
import { chatImageName } from './image-name';
import styles from './chat-panel.module.css';

/** Who wrote a message, as the log names them. */
export const SOURCE_LABELS: Record<ChatMessage['source'], string> = {
  user: 'You',
  admin: 'Support',
  system: 'System',
};

function MessageItem({ message }: { message: ChatMessage }) {
  const image = chatImageName(message);
  return (
    <li className={cx(styles.message, styles[message.source])}>
      <p className={styles.meta}>
        <span className={styles.source}>{SOURCE_LABELS[message.source] ?? SOURCE_LABELS.system}</span>{' '}
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      {/* React renders text as text: a message with markup shows its characters, never elements. */}
      {message.message ? <p className={styles.text}>{message.message}</p> : null}
      {image ? (
        <ChatImage name={image} alt={message.source === 'user' ? 'Image you sent' : 'Image from support'} />
      ) : null}
    </li>
  );
}

/**
 * The messages, oldest first, in a `log` (a polite live region: a reply that arrives by polling
 * is announced). Scrolled to the end whenever a message arrives and whenever the panel opens.
 * Focusable, so a keyboard can scroll it. A failed poll keeps the messages on screen.
 */
export function MessageLog({ query, open }: { query: UseQueryResult<ChatMessage[]>; open: boolean }) {
  const logRef = useRef<HTMLDivElement>(null);
  const messages = query.data;
  const count = messages?.length ?? 0;

  useEffect(() => {
    const log = logRef.current;
    if (open && log) log.scrollTop = log.scrollHeight;
  }, [count, open]);

  return (
    <div ref={logRef} className={styles.log} role="log" aria-label="Messages" tabIndex={0}>
      {messages === undefined ? (
        <QueryState query={query} loadingLabel="Loading messages">
          {() => null}
        </QueryState>
      ) : messages.length === 0 ? (
        <p className={styles.empty}>No messages yet. Write to us below: our replies appear here.</p>
      ) : (
        <ol className={styles.messages}>
          {messages.map((message, index) => (
            <MessageItem key={message.id ?? `${message.created_at}-${index}`} message={message} />
          ))}
        </ol>
      )}
      {messages !== undefined && query.isError ? (
        <p className={styles.imageNote}>New messages could not be loaded just now; we will try again shortly.</p>
      ) : null}
    </div>
  );
}
