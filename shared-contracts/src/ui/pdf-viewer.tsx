import { useEffect, useRef, useState } from 'react';
import { Button, buttonClassName } from './button';
import { Modal } from './modal';
import { Spinner } from './spinner';
import styles from './pdf-viewer.module.css';

/** One opened PDF document as the viewer needs it: a page count and a way to draw one page. */
export interface PdfDocument {
  /** Number of pages (at least 1). */
  numPages: number;
  /** Draws page `pageNumber` (1-based) onto `canvas`; a newer call may cancel an older one. */
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement) => Promise<void>;
  /** Releases the document (worker memory) when the viewer closes. */
  destroy?: () => void;
}

/**
 * Opens a PDF's bytes. Apps that show PDFs pass `pdfjsRenderer` ('@pod/shared-contracts/pdfjs',
 * which lazy-loads pdfjs-dist); tests pass their own. Not a default here: this module is in the
 * shared root every app bundles, and a default would put pdf.js into the dist of each of them.
 */
export type PdfRenderer = (data: ArrayBuffer) => Promise<PdfDocument>;

/** Props of {@link PdfViewer}. */
export interface PdfViewerProps {
  /** Controlled: the file is loaded each time the viewer opens. */
  open: boolean;
  /** Heading of the dialog. */
  title: string;
  /** Fetches the PDF; a rejection (or an empty file) shows `errorMessage`. */
  load: () => Promise<Blob | ArrayBuffer>;
  /** Name the Download link saves the file under, e.g. `contract.pdf`. */
  fileName: string;
  onClose: () => void;
  /** What the error state says (the caller's own sentence). */
  errorMessage?: string;
  /** The PDF engine: `pdfjsRenderer` of '@pod/shared-contracts/pdfjs', or a test's own. */
  renderer: PdfRenderer;
  /** The page shown first (1-based; clamped to the document's pages). Default 1. */
  initialPage?: number;
}

/** The error state's text when the caller gives none. */
export const PDF_VIEWER_DEFAULT_ERROR = 'Something went wrong while opening this file.';

/**
 * A modal PDF viewer: loads the file when opened, shows one page at a time on a canvas with
 * 'Previous page' / 'Next page' and 'Page X of Y', a 'Download' link (a blob URL named
 * `fileName`) and 'Close'. A failed or empty load shows `errorMessage` instead. It opens at
 * `initialPage` (e.g. the page a preflight problem is on).
 */
export function PdfViewer(props: PdfViewerProps) {
  return props.open ? <OpenPdfViewer {...props} /> : null;
}

type ViewerState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; pdf: PdfDocument; url: string };

function isBlob(file: Blob | ArrayBuffer): file is Blob {
  return typeof (file as Blob).size === 'number' && typeof (file as Blob).slice === 'function' && 'type' in file;
}

async function toArrayBuffer(file: Blob | ArrayBuffer): Promise<ArrayBuffer> {
  if (!isBlob(file)) return file;
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  // Blob implementations without arrayBuffer() (jsdom) still have FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

/** What opening a PDF needs, in a dialog or inline. */
type PdfSource = Pick<PdfViewerProps, 'load' | 'renderer' | 'initialPage'>;

/**
 * Loads the file once per mount, opens it with the renderer and draws the current page on the
 * canvas; releases the document and its download URL on unmount.
 */
function usePdfDocument({ load, renderer, initialPage = 1 }: PdfSource) {
  const [state, setState] = useState<ViewerState>({ kind: 'loading' });
  const [page, setPage] = useState(() => Math.max(1, Math.floor(initialPage) || 1));
  const [pageFailed, setPageFailed] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The file is loaded once per opening, whatever the caller passes on later renders.
  const loadRef = useRef(load);
  const rendererRef = useRef(renderer);

  useEffect(() => {
    let active = true;
    let opened: { pdf: PdfDocument; url: string } | null = null;
    void (async () => {
      try {
        const buffer = await toArrayBuffer(await loadRef.current());
        if (buffer.byteLength === 0) throw new Error('empty file');
        // The Blob copies the bytes before pdfjs transfers the buffer to its worker.
        const url = URL.createObjectURL(new Blob([buffer], { type: 'application/pdf' }));
        let pdf: PdfDocument;
        try {
          pdf = await rendererRef.current(buffer.slice(0));
        } catch (error) {
          URL.revokeObjectURL(url);
          throw error;
        }
        if (!active) {
          // Closed (or StrictMode's first effect run ended) while opening: release at once.
          pdf.destroy?.();
          URL.revokeObjectURL(url);
          return;
        }
        opened = { pdf, url };
        // An initial page past the end shows the last one.
        setPage((wanted) => Math.min(wanted, pdf.numPages));
        setState({ kind: 'ready', pdf, url });
      } catch {
        if (active) setState({ kind: 'error' });
      }
    })();
    return () => {
      active = false;
      if (opened) {
        opened.pdf.destroy?.();
        URL.revokeObjectURL(opened.url);
      }
    };
  }, []);

  const pdf = state.kind === 'ready' ? state.pdf : null;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas) return;
    setPageFailed(false);
    pdf.renderPage(page, canvas).catch(() => setPageFailed(true));
  }, [pdf, page]);

  return { state, page, setPage, pageFailed, canvasRef, pageCount: pdf?.numPages ?? 0 };
}

type OpenedPdf = ReturnType<typeof usePdfDocument>;

/** 'Previous page', 'Page X of Y', 'Next page' and the 'Download' link of a loaded document. */
function PdfPager({ opened, fileName }: { opened: OpenedPdf; fileName: string }) {
  const { state, page, setPage, pageCount } = opened;
  if (state.kind !== 'ready') return null;
  return (
    <>
      <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((n) => Math.max(1, n - 1))}>
        Previous page
      </Button>
      <p className={styles.pageIndicator} aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <Button
        variant="secondary"
        disabled={page >= pageCount}
        onClick={() => setPage((n) => Math.min(pageCount, n + 1))}
      >
        Next page
      </Button>
      <a className={buttonClassName('secondary')} href={state.url} download={fileName}>
        Download
      </a>
    </>
  );
}

/** The spinner, the error or the current page of a document. */
function PdfBody({ opened, title, errorMessage }: { opened: OpenedPdf; title: string; errorMessage: string }) {
  const { state, page, pageFailed, canvasRef } = opened;
  return (
    <>
      {state.kind === 'loading' ? <Spinner label="Loading document" /> : null}
      {state.kind === 'error' ? (
        <p role="alert" className={styles.error}>
          {errorMessage}
        </p>
      ) : null}
      {state.kind === 'ready' ? (
        // The page scrolls when it is taller than its box: focusable so the keyboard can scroll it.
        <div className={styles.page} tabIndex={0} role="region" aria-label={`Page ${page}, scrollable`}>
          <canvas ref={canvasRef} role="img" aria-label={`Page ${page} of ${title}`} className={styles.canvas} />
          {pageFailed ? (
            <p role="alert" className={styles.error}>
              {errorMessage}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function OpenPdfViewer({
  title,
  load,
  fileName,
  onClose,
  errorMessage = PDF_VIEWER_DEFAULT_ERROR,
  renderer,
  initialPage,
}: PdfViewerProps) {
  const opened = usePdfDocument({ load, renderer, initialPage });
  const footer = (
    <>
      <PdfPager opened={opened} fileName={fileName} />
      <Button onClick={onClose}>Close</Button>
    </>
  );
  return (
    <Modal open title={title} onClose={onClose} footer={footer} className={styles.viewer}>
      <PdfBody opened={opened} title={title} errorMessage={errorMessage} />
    </Modal>
  );
}

/** Props of {@link PdfPreview}: the viewer's, without the dialog's `open` and `onClose`. */
export type PdfPreviewProps = Omit<PdfViewerProps, 'open' | 'onClose'>;

/**
 * The PdfViewer's page and pager inline, in the page instead of a dialog (a contract shown
 * beside the form that signs it). It loads the file once when mounted: give it a `key` that
 * changes with the file. `title` names the page image ('Page 1 of {title}'); the caller puts
 * it in a section with a heading.
 */
export function PdfPreview({
  title,
  load,
  fileName,
  errorMessage = PDF_VIEWER_DEFAULT_ERROR,
  renderer,
  initialPage,
}: PdfPreviewProps) {
  const opened = usePdfDocument({ load, renderer, initialPage });
  return (
    <div className={styles.preview}>
      <PdfBody opened={opened} title={title} errorMessage={errorMessage} />
      {opened.state.kind === 'ready' ? (
        <div className={styles.previewPager}>
          <PdfPager opened={opened} fileName={fileName} />
        </div>
      ) : null}
    </div>
  );
}
