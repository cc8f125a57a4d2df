import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { cx, useChatQuery, type ChatPanelProps } from '@pod/shared-contracts';
import { MessageForm } from './message-form';
import { MessageLog } from './message-log';
import { officeHoursLine, useNow } from './office-hours-line';
import styles from './chat-panel.module.css';

/**
 * The support chat (account-area.md sections 3, 4, 5, 9): a non-modal dialog 'Support chat'
 * with the office-hours line, the messages ('Messages' log: 'You', 'Support', 'System', text
 * as text, time as dd-MM-yyyy HH:mm, images fetched with the token) and the compose form.
 * The chat is read when the panel opens and every 20 seconds while it is open and the page is
 * visible (`useChatQuery`). Opening focuses 'Message'; 'Close chat' or Escape inside the panel
 * calls `onClose` (the host then focuses its button). Closed, it stays mounted but hidden, so a
 * draft survives.
 */
export function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const titleId = useId();
  const chat = useChatQuery({ open });
  const office = officeHoursLine(useNow(open));
  const messageRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) messageRef.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <section
      id={id}
      className={styles.panel}
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Support chat
        </h2>
        <button type="button" className={styles.close} aria-label="Close chat" onClick={onClose}>
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </header>
      <p className={cx(styles.office, office.open ? styles.officeOpen : styles.officeClosed)}>{office.text}</p>
      <MessageLog query={chat} open={open} />
      <MessageForm messageRef={messageRef} />
    </section>
  );
}
