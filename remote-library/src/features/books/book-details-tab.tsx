import { useState } from 'react';
import { Button, PdfViewer, Spinner, type Book } from '@pod/shared-contracts';
import { viewSignedContract } from './api/view-signed-contract';
import { BookActions } from './book-actions';
import {
  base64ToArrayBuffer,
  bookPair,
  canViewContract,
  fileDataUrl,
  parseBookMisc,
  slug,
  sortFiles,
  type Region,
} from './book-model';
import { BOOK_MESSAGES } from './messages';
import styles from './books.module.css';

interface BookDetailsTabProps {
  /** The record from the list (fresh status and flags). */
  book: Book;
  /** The same record with its files, once read. */
  info: Book | null;
  loading: boolean;
  region: Region;
  onDeleted: () => void;
}

/**
 * The details tab: file downloads, the contract and book viewers, audio players, the
 * thumbnail (or 'No thumbnail image was uploaded for this book') and the book's actions.
 */
export function BookDetailsTab({ book, info, loading, region, onDeleted }: BookDetailsTabProps) {
  const misc = parseBookMisc(book.misc);
  const files = sortFiles(info?.files);
  const [viewer, setViewer] = useState<'contract' | 'book' | null>(null);
  const bookPdf = files.bookPdf;

  return (
    <div className={styles.details}>
      <div className={styles.viewers}>
        {canViewContract(misc) ? (
          <Button variant="secondary" onClick={() => setViewer('contract')}>
            View contract
          </Button>
        ) : null}
        {bookPdf?.fileBuffer ? (
          <Button variant="secondary" onClick={() => setViewer('book')}>
            View book
          </Button>
        ) : null}
      </div>

      {loading ? <Spinner label="Loading the book's files" /> : null}

      {!loading && files.downloads.length > 0 ? (
        <section aria-labelledby={`files-${book.id}`}>
          <h3 id={`files-${book.id}`} className={styles.subheading}>
            Files
          </h3>
          <ul className={styles.files}>
            {files.downloads.map((file) => {
              const url = fileDataUrl(file);
              const name = file.title ? `${file.title} (${file.filename})` : file.filename;
              return (
                <li key={`${file.title ?? ''}-${file.filename}`}>
                  {url ? (
                    <a href={url} download={file.filename}>
                      Download {name}
                    </a>
                  ) : (
                    <span>{name}: too large to download here</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {!loading && files.audio.length > 0 ? (
        <section aria-labelledby={`audio-${book.id}`}>
          <h3 id={`audio-${book.id}`} className={styles.subheading}>
            Audio files
          </h3>
          {files.audio.map((file) => {
            const url = fileDataUrl(file);
            return (
              <figure key={file.filename} className={styles.audio}>
                <figcaption>{file.title ?? file.filename}</figcaption>
                {url ? (
                  <audio controls src={url} aria-label={file.title ?? file.filename} />
                ) : (
                  <p>Too large to play here</p>
                )}
              </figure>
            );
          })}
        </section>
      ) : null}

      {!loading ? (
        files.thumbnail ? (
          <img className={styles.thumbnail} src={fileDataUrl(files.thumbnail) ?? undefined} alt={book.book_title} />
        ) : (
          <p className={styles.muted}>{BOOK_MESSAGES.noThumbnail}</p>
        )
      ) : null}

      <BookActions book={book} region={region} onDeleted={onDeleted} />

      <PdfViewer
        open={viewer === 'contract'}
        title={`Contract: ${book.book_title}`}
        fileName={`${slug(book.book_title)}-contract.pdf`}
        load={() => viewSignedContract(bookPair(book, region))}
        errorMessage={BOOK_MESSAGES.contractFailure}
        onClose={() => setViewer(null)}
      />
      <PdfViewer
        open={viewer === 'book' && Boolean(bookPdf?.fileBuffer)}
        title={book.book_title}
        fileName={bookPdf?.filename ?? `${slug(book.book_title)}.pdf`}
        load={async () => base64ToArrayBuffer(bookPdf?.fileBuffer ?? '')}
        onClose={() => setViewer(null)}
      />
    </div>
  );
}
