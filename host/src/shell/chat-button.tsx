import { Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner, type ChatPanelProps } from '@pod/shared-contracts';
import { useRemoteLoader, type RemoteLoader } from '../federation/remote-loader';
import { RemoteBoundary } from '../federation/remote-boundary';
import styles from './chat-button.module.css';

/** Paths without the floating chat button (account-area.md, Shell); shell-less paths have none either. */
export const CHAT_HIDDEN_PATHS = [
  '/new-book/audio-book',
  '/new-book/calculator',
  '/new-book/e-book',
  '/new-book/general-info',
  '/support',
] as const;

/** True when the floating chat button belongs on `pathname` (the shell itself being shown). */
export function showsChatButton(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(CHAT_HIDDEN_PATHS as readonly string[]).includes(path);
}

function ChatPanel({ loader, ...props }: ChatPanelProps & { loader: RemoteLoader }) {
  const Panel = loader.component<ChatPanelProps>('remote_account', './ChatPanel');
  return <Panel {...props} />;
}

/**
 * The floating 'Chat with support' button, bottom right, and the support chat it opens:
 * remote_account's `./ChatPanel`, a non-modal dialog above the button. The panel's code is
 * loaded on the first opening only (behind its own boundary with Retry, like the cart); from
 * then on it stays mounted, hidden while closed, so a draft survives closing it and it polls
 * only while open. Closing it ('Close chat', Escape, or the button again) returns focus here.
 * The shell reserves room under the page so the button covers nothing.
 */
export function ChatButton() {
  const loader = useRemoteLoader();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  const toggle = () => {
    setOpened(true);
    setOpen((wasOpen) => !wasOpen);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) close();
  };

  return (
    <aside className={styles.dock} aria-label="Support">
      {opened ? (
        <div className={styles.slot} hidden={!open}>
          <RemoteBoundary
            label="Support chat"
            variant="inline"
            remote="remote_account"
            onRetry={() => loader.reset('remote_account', './ChatPanel')}
          >
            <Suspense
              fallback={
                <div>
                  <Spinner label="Loading the support chat" />
                </div>
              }
            >
              <ChatPanel loader={loader} id={panelId} open={open} onClose={close} />
            </Suspense>
          </RemoteBoundary>
        </div>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        onKeyDown={onKeyDown}
      >
        <svg
          className={styles.icon}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
        <span className={styles.text}>Chat with support</span>
      </button>
    </aside>
  );
}
