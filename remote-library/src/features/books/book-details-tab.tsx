import { useState } from 'react';
import { Button, PdfViewer, Spinner, type Book, type PdfRenderer } from '@pod/shared-contracts';
import { pdfjsRenderer } from '@pod/shared-contracts/pdfjs';
import { fetchFileBytes, fileSizeLabel, inlineLink } from '../../lib/file-links';
import { getPrintProof } from './api/get-print-proof';
import { viewSignedContract } from './api/view-signed-contract';
import { BookActions } from './book-actions';
import { bookPair, canViewContract, parseBookMisc, slug, sortFiles, type Region } from './book-model';
import { BOOK_MESSAGES, BOOK_ROUTE_MESSAGES } from './messages';
import styles from './books.module.css';

interface BookDetailsTabProps {
  /** The record from the list (fresh status and flags). */
  book: Book;
  /** The same record with its files, once read. */
  info: Book | null;
  loading: boolean;
  region: Region;
  onDeleted: () => void;
  /** The PDF engine of both viewers (default pdfjs-dist; tests pass their own). */
  pdfRenderer?: PdfRenderer;
}

/**
 * The details tab: file downloads, the contract and book viewers, audio players, the
 * thumbnail (or 'No thumbnail image was uploaded for this book') and the book's actions.
 * Every file is reached through its signed link (`BookFile.url`): downloads as `<a download>`,
 * the player, the image and the book viewer with `disposition=inline`.
 */
export function BookDetailsTab({
  book,
  info,
  loading,
  region,
  onDeleted,
  pdfRenderer = pdfjsRenderer,
}: BookDetailsTabProps) {
  const misc = parseBookMisc(book.misc);
  const files = sortFiles(info?.files);
  const [viewer, setViewer] = useState<'contract' | 'book' | 'proof' | null>(null);
  const bookPdf = files.bookPdf;

  return (
    <div className={styles.details}>
      <div className={styles.viewers}>
        {canViewContract(misc) ? (
          <Button variant="secondary" onClick={() => setViewer('contract')}>
            View contract
          </Button>
        ) : null}
        {bookPdf ? (
          <Button variant="secondary" onClick={() => setViewer('book')}>
            View book
          </Button>
        ) : null}
        {book.format_type === 'print' && files.hasProof ? (
          <Button variant="secondary" onClick={() => setViewer('proof')}>
            View print proof
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
            {files.downloads.map((file) => (
              <li key={`${file.kind}-${file.filename}`}>
                <a href={file.url} download={file.filename}>
                  Download {file.title} ({file.filename})
                </a>
                {file.size !== null ? <span className={styles.muted}> {fileSizeLabel(file.size)}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!loading && files.audio.length > 0 ? (
        <section aria-labelledby={`audio-${book.id}`}>
          <h3 id={`audio-${book.id}`} className={styles.subheading}>
            Audio files
          </h3>
          {files.audio.map((file) => (
            <figure key={file.filename} className={styles.audio}>
              <figcaption>{file.title}</figcaption>
              <audio controls preload="none" src={inlineLink(file.url)} aria-label={file.title} />
            </figure>
          ))}
        </section>
      ) : null}

      {!loading ? (
        files.thumbnail ? (
          <img className={styles.thumbnail} src={inlineLink(files.thumbnail.url)} alt={book.book_title} />
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
        renderer={pdfRenderer}
      />
      <PdfViewer
        open={viewer === 'book' && bookPdf !== null}
        title={book.book_title}
        fileName={bookPdf?.filename ?? `${slug(book.book_title)}.pdf`}
        load={() => fetchFileBytes(inlineLink(bookPdf?.url ?? ''))}
        onClose={() => setViewer(null)}
        renderer={pdfRenderer}
      />
      <PdfViewer
        open={viewer === 'proof' && files.hasProof}
        title={`Print proof: ${book.book_title}`}
        fileName={`print-proof-${slug(book.book_title)}.pdf`}
        load={() => getPrintProof(bookPair(book, region))}
        errorMessage={BOOK_ROUTE_MESSAGES.proofFailure}
        onClose={() => setViewer(null)}
        renderer={pdfRenderer}
      />
    </div>
  );
}
