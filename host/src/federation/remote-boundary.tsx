import { Component, type ReactNode } from 'react';
import { Button, useDocumentTitle, type RemoteName } from '@pod/shared-contracts';
import { reportRemoteRenderError } from './remote-events';
import { isIntegrityRefusal } from './integrity';
import styles from './remote-boundary.module.css';

/** Props of {@link RemoteBoundary}. */
export interface RemoteBoundaryProps {
  /** The part of the portal, as the user knows it ('Your library', 'Cart'). */
  label: string;
  /** 'page' fills the main area (with the screen's heading); 'inline' fits in the top bar. */
  variant?: 'page' | 'inline';
  /** Clears the cached failure before the boundary renders its children again. */
  onRetry: () => void;
  /** The remote rendered inside: a crash it catches is reported as that remote's render error. */
  remote?: RemoteName;
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

/**
 * A remote refused because its files are not the ones the portal pinned (federation/integrity.ts):
 * no Retry (it would be refused again on this page) and no technical details (the console has
 * them); plain words for authors, who can do nothing about it but come back or ask support.
 */
function RefusedFailure({ label }: { label: string }) {
  useDocumentTitle(`${label} is unavailable`);
  return (
    <div className={styles.page} role="alert">
      <h1>{label} was not loaded</h1>
      <p>
        This part of the portal did not pass a security check, so it was not loaded. Please try again later, or contact
        support if this keeps happening. The rest of the portal still works.
      </p>
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

  override componentDidCatch(error: unknown) {
    // A load failure was reported by the loader already; remote-events.ts counts it once.
    if (this.props.remote) reportRemoteRenderError(this.props.remote, error);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    const { label, variant = 'page', children } = this.props;
    if (!error) return children;
    if (isIntegrityRefusal(error)) {
      return variant === 'page' ? (
        <RefusedFailure label={label} />
      ) : (
        <span className={styles.inline}>{label} is unavailable right now.</span>
      );
    }
    return variant === 'page' ? (
      <PageFailure label={label} reason={reasonOf(error)} onRetry={this.retry} />
    ) : (
      <InlineFailure label={label} onRetry={this.retry} />
    );
  }
}
