import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from './class-names';
import styles from './modal.module.css';

/** Props of {@link Modal}. */
export interface ModalProps {
  /** Controlled: the modal is in the page only while open. */
  open: boolean;
  /** Heading of the dialog; it also names the dialog (aria-labelledby). */
  title: string;
  /** Called on Escape (and any other close request); the owner sets `open` to false. */
  onClose: () => void;
  children: ReactNode;
  /** Actions row (buttons, links) under the content. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` element (`showModal()`: focus is trapped and the
 * rest of the page is inert). Escape closes it through `onClose`; when it closes, focus
 * returns to the element that had it before.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, footer, className }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest onClose without re-running the open/close effect on each render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // environments without the dialog API (jsdom)
    }
    if (!dialog.contains(document.activeElement)) dialog.focus();

    const onCancel = (event: Event) => {
      // Keep the element open until the owner re-renders with open=false.
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={cx(styles.dialog, className)}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCloseRef.current();
        }
      }}
    >
      <h2 className={styles.title} id={titleId}>
        {title}
      </h2>
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </dialog>
  );
}
