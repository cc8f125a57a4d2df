import { useState } from 'react';
import {
  Button,
  buttonClassName,
  isQueuedOffline,
  Modal,
  raiseAlert,
  useInvalidate,
  type Book,
  Link,
} from '@pod/shared-contracts';
import { archiveBook } from './api/archive-book';
import { deleteBook } from './api/delete-book';
import { bookAction, continueLink, parseBookMisc, regionFlag, type Region } from './book-model';
import { BOOK_MESSAGES } from './messages';
import styles from './books.module.css';

const CONFIRM = {
  cancel: {
    title: 'Cancel this book?',
    text: 'A cancelled book is taken out of processing and out of your cart. You can delete it afterwards.',
    yes: 'Yes, cancel book',
  },
  delete: {
    title: 'Delete this book?',
    text: 'Deleting removes the book and its files for good.',
    yes: 'Yes, delete book',
  },
} as const;

/**
 * The book's actions (account-area.md section 4): 'Cancel book' when neither archived nor
 * paid, 'Delete book' only when archived, nothing when paid, each after a confirmation; a
 * cancelled book says so; getquote and signedcontract stages offer 'Continue Upload Process'.
 * Offline the action is queued: the dialog closes and the queued alert ('Item will be deleted
 * when connection is restored') replaces both the failure and the success message.
 */
export function BookActions({ book, region, onDeleted }: { book: Book; region: Region; onDeleted: () => void }) {
  const misc = parseBookMisc(book.misc);
  const action = bookAction(misc);
  const resume = continueLink(book, region);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server took the book out of the cart too: the books, the cart and the user follow.
  const invalidate = useInvalidate();

  const run = async () => {
    if (!action) return;
    setBusy(true);
    try {
      if (action === 'cancel') await archiveBook(book.id, regionFlag(region));
      else await deleteBook(book.id, regionFlag(region));
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      // Queued offline: accepted, sent when the connection is back; its alert is on screen.
      if (isQueuedOffline(error)) return;
      raiseAlert({
        variant: 'danger',
        message: action === 'cancel' ? BOOK_MESSAGES.archiveFailure : BOOK_MESSAGES.deleteFailure,
      });
      return;
    }
    setBusy(false);
    setConfirming(false);
    raiseAlert({
      variant: 'success',
      message: action === 'cancel' ? BOOK_MESSAGES.archiveSuccess : BOOK_MESSAGES.deleteSuccess,
    });
    if (action === 'delete') onDeleted();
    await invalidate('bookRemoved');
  };

  const confirm = action ? CONFIRM[action] : null;
  return (
    <div className={styles.actions}>
      {misc.archived ? <p className={styles.cancelledNote}>{BOOK_MESSAGES.cancelled}</p> : null}
      {resume ? (
        <Link to={resume} className={buttonClassName('primary')}>
          Continue Upload Process
        </Link>
      ) : null}
      {action ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {action === 'cancel' ? 'Cancel book' : 'Delete book'}
        </Button>
      ) : null}
      {confirm ? (
        <Modal
          open={confirming}
          title={confirm.title}
          onClose={() => (busy ? undefined : setConfirming(false))}
          footer={
            <>
              <Button variant="secondary" autoFocus disabled={busy} onClick={() => setConfirming(false)}>
                No
              </Button>
              <Button variant="danger" busy={busy} onClick={() => void run()}>
                {confirm.yes}
              </Button>
            </>
          }
        >
          <p>
            <strong>{book.book_title}</strong>: {confirm.text}
          </p>
        </Modal>
      ) : null}
    </div>
  );
}
