import { Component, type ReactNode } from 'react';
import { Button, useDocumentTitle } from '@pod/shared-contracts';
import styles from './remote-boundary.module.css';

/** Props of {@link RemoteBoundary}. */
export interface RemoteBoundaryProps {
  /** The part of the portal, as the user knows it ('Your library', 'Cart'). */
  label: string;
  /** 'page' fills the main area (with the screen's heading); 'inline' fits in the top bar. */
  variant?: 'page' | 'inline';
  /** Clears the cached failure before the boundary renders its children again. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** The reason a remote failed, for the fallback's details (e.g. an incompatible contract version). */
function reasonOf(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return message?.trim() || undefined;
}

function PageFailure({ label, reason, onRetry }: { label: string; reason?: string; onRetry: () => void }) {
  useDocumentTitle(`${label} is unavailable`);
  return (
    <div className={styles.page} role="alert">
      <h1>{label} could not be loaded</h1>
      <p>
        This part of the portal is not available right now. Check your internet connection and try again; the rest of
        the portal still works.
      </p>
      {reason && (
        <details>
          <summary>Technical details</summary>
          <p>{reason}</p>
        </details>
      )}
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

function InlineFailure({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <span className={styles.inline}>
      {label} could not be loaded.
      <Button variant="link" onClick={onRetry} aria-label={`Retry loading ${label}`}>
        Retry
      </Button>
    </span>
  );
}

/**
 * Error boundary around every remote render: a remote that fails to load (network, a
 * dead deployment, a crash while rendering) shows a notice naming that part of the
 * portal and a Retry button, while the shell and the other remotes keep working.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    const { label, variant = 'page', children } = this.props;
    if (!error) return children;
    return variant === 'page' ? (
      <PageFailure label={label} reason={reasonOf(error)} onRetry={this.retry} />
    ) : (
      <InlineFailure label={label} onRetry={this.retry} />
    );
  }
}
