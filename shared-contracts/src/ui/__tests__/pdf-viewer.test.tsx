import { StrictMode, useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PdfPreview, PdfViewer, PDF_VIEWER_DEFAULT_ERROR, type PdfRenderer } from '../pdf-viewer';
import { Button } from '../button';

const pdfBytes = () => new TextEncoder().encode('%PDF-1.7 fake').buffer as ArrayBuffer;

/** A renderer that records which page it drew on which canvas. */
function fakeRenderer(numPages: number) {
  const drawn: number[] = [];
  const destroy = jest.fn();
  const renderer = jest.fn<ReturnType<PdfRenderer>, Parameters<PdfRenderer>>(async (_data) => ({
    numPages,
    renderPage: async (pageNumber: number, canvas: HTMLCanvasElement) => {
      expect(canvas.tagName).toBe('CANVAS');
      drawn.push(pageNumber);
    },
    destroy,
  }));
  return { renderer, drawn, destroy };
}

function Harness({
  load,
  renderer,
  errorMessage,
  initialPage,
}: {
  load: () => Promise<Blob | ArrayBuffer>;
  renderer: PdfRenderer;
  errorMessage?: string;
  initialPage?: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>View contract</Button>
      <PdfViewer
        open={open}
        title="Contract"
        fileName="contract.pdf"
        load={load}
        renderer={renderer}
        errorMessage={errorMessage}
        initialPage={initialPage}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/contract');
const revokeObjectURL = jest.fn();

beforeEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('PdfViewer', () => {
  it('loads nothing until opened', () => {
    const load = jest.fn(async () => pdfBytes());
    const { renderer } = fakeRenderer(2);
    render(<Harness load={load} renderer={renderer} />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(renderer).not.toHaveBeenCalled();
  });

  it('pages through the document one page at a time', async () => {
    const user = userEvent.setup();
    const { renderer, drawn } = fakeRenderer(3);
    render(<Harness load={async () => pdfBytes()} renderer={renderer} />);

    await user.click(screen.getByRole('button', { name: 'View contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Contract' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(dialog).toContainElement(screen.getByRole('img', { name: 'Page 1 of Contract' }));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));

    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await waitFor(() => expect(drawn).toEqual([1, 2, 3]));

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(drawn).toEqual([1, 2, 3, 2]));
  });

  it('opens at initialPage, and pages on from there', async () => {
    const user = userEvent.setup();
    const { renderer, drawn } = fakeRenderer(40);
    render(<Harness load={async () => pdfBytes()} renderer={renderer} initialPage={37} />);

    await user.click(screen.getByRole('button', { name: 'View contract' }));
    expect(await screen.findByText('Page 37 of 40')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Page 37 of Contract' })).toBeInTheDocument();
    await waitFor(() => expect(drawn).toEqual([37]));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 38 of 40')).toBeInTheDocument();
  });

  it('shows the last page when initialPage is past the end', async () => {
    const user = userEvent.setup();
    const { renderer, drawn } = fakeRenderer(3);
    render(<Harness load={async () => pdfBytes()} renderer={renderer} initialPage={9} />);

    await user.click(screen.getByRole('button', { name: 'View contract' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await waitFor(() => expect(drawn).toEqual([3]));
  });

  it('hands the renderer the bytes of a Blob and offers them as a named download', async () => {
    const user = userEvent.setup();
    const { renderer } = fakeRenderer(1);
    const blob = new Blob(['%PDF-1.7 fake'], { type: 'application/pdf' });
    render(<Harness load={async () => blob} renderer={renderer} />);

    await user.click(screen.getByRole('button', { name: 'View contract' }));

    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', 'blob:http://localhost/contract');
    expect(download).toHaveAttribute('download', 'contract.pdf');
    const data = renderer.mock.calls[0]?.[0];
    expect(new TextDecoder().decode(data)).toBe('%PDF-1.7 fake');
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('application/pdf');
  });

  it('closes with Close, releasing the document and its URL', async () => {
    const user = userEvent.setup();
    const { renderer, destroy } = fakeRenderer(2);
    render(<Harness load={async () => pdfBytes()} renderer={renderer} />);
    await user.click(screen.getByRole('button', { name: 'View contract' }));
    await screen.findByText('Page 1 of 2');

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/contract');
  });

  it("shows the caller's message when loading fails, with only Close", async () => {
    const user = userEvent.setup();
    const { renderer } = fakeRenderer(2);
    render(
      <Harness
        load={() => Promise.reject(new Error('404'))}
        renderer={renderer}
        errorMessage="Something went wrong while fetching this books contract."
      />,
    );

    await user.click(screen.getByRole('button', { name: 'View contract' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching this books contract.',
    );
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(renderer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('treats an empty file, or one the renderer cannot open, as a failure', async () => {
    const user = userEvent.setup();
    const { renderer } = fakeRenderer(1);
    const { unmount } = render(<Harness load={async () => new ArrayBuffer(0)} renderer={renderer} />);
    await user.click(screen.getByRole('button', { name: 'View contract' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_VIEWER_DEFAULT_ERROR);
    expect(renderer).not.toHaveBeenCalled();
    unmount();

    const broken: PdfRenderer = () => Promise.reject(new Error('Invalid PDF structure'));
    render(<Harness load={async () => pdfBytes()} renderer={broken} />);
    await user.click(screen.getByRole('button', { name: 'View contract' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_VIEWER_DEFAULT_ERROR);
  });

  it("releases StrictMode's abandoned first load and still shows the document", async () => {
    const user = userEvent.setup();
    const { renderer, destroy } = fakeRenderer(2);
    render(
      <StrictMode>
        <Harness load={async () => pdfBytes()} renderer={renderer} />
      </StrictMode>,
    );

    await user.click(screen.getByRole('button', { name: 'View contract' }));

    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(destroy).toHaveBeenCalledTimes(renderer.mock.calls.length - 1));
    expect(revokeObjectURL).toHaveBeenCalledTimes(renderer.mock.calls.length - 1);
  });
});

describe('PdfPreview', () => {
  it('shows the document in the page, not in a dialog, and pages through it', async () => {
    const user = userEvent.setup();
    const { renderer, drawn } = fakeRenderer(2);
    render(
      <section aria-label="Contract preview">
        <PdfPreview
          title="Contract preview"
          fileName="contract.pdf"
          load={async () => pdfBytes()}
          renderer={renderer}
        />
      </section>,
    );

    expect(screen.getByRole('status', { name: 'Loading document' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Contract preview' });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(region).toContainElement(screen.getByRole('img', { name: 'Page 1 of Contract preview' }));
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'contract.pdf');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(drawn).toEqual([1, 2]));
  });

  it("shows the caller's message when the file cannot be loaded, and releases the document when removed", async () => {
    const { renderer, destroy } = fakeRenderer(1);
    const { unmount } = render(
      <PdfPreview
        title="Contract preview"
        fileName="contract.pdf"
        load={() => Promise.reject(new Error('no contract'))}
        renderer={renderer}
        errorMessage="Something went wrong while fetching this books contract."
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching this books contract.',
    );
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    unmount();

    render(
      <PdfPreview title="Contract preview" fileName="contract.pdf" load={async () => pdfBytes()} renderer={renderer} />,
    );
    await screen.findByText('Page 1 of 1');
    cleanup();
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/contract');
  });
});
