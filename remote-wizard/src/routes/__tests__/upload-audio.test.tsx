import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders, type RecordedRequest } from '@pod/shared-contracts/testing';
import { UploadAudioScreen } from '../upload-audio';
import { readCompletedStages } from '../../lib/completed-stages';
import { writeDraft } from '../../lib/draft-storage';
import { createPacketServer, fileOf } from '../../features/uploads/__tests__/fake-packet-server';

// Hashing and sending megabytes of pieces in jsdom takes a while on a busy machine: wait for
// outcomes generously (nothing here measures time).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(30_000);

let server: ReturnType<typeof createPacketServer>;
let log: RecordedRequest[];

const location = () => screen.getByTestId('location');
const input = (name: string) => screen.getByLabelText(name);
const progressBlock = (name: string) => screen.getByRole('progressbar', { name }).parentElement!.parentElement!;

function renderPage(draft: Record<string, unknown> = {}) {
  for (const [name, value] of Object.entries({
    bookFormat: 'audiobook',
    localBookId: 42,
    internationalBookId: null,
    thumbnailNeeded: false,
    ...draft,
  })) {
    writeDraft(name, value);
  }
  renderWithProviders(
    <Routes>
      <Route
        path="/new-book/upload-audio"
        element={
          <UploadAudioScreen
            base="/new-book"
            readImageSize={async () => ({ width: 3000, height: 3000 })}
            uploadDeps={{ sleep: async () => {} }}
          />
        }
      />
      <Route path="/new-book/contract" element={<p>Check your email page</p>} />
      <Route path="/new-book/accept-terms-additional" element={<p>Applicability page</p>} />
    </Routes>,
    { route: '/new-book/upload-audio', probe: true },
  );
  return userEvent.setup({ applyAccept: false });
}

beforeEach(() => {
  localStorage.clear();
  server = createPacketServer();
  log = installFakeFetch((request) => {
    const packet = server.handle(request);
    if (packet) return packet;
    if (request.path === '/user/uploadbookaudio')
      return { status: 200, body: { statusCode: 0, description: 'Successful' } };
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
});

describe('/new-book/upload-audio (Upload Your Audio Files)', () => {
  it('shows the thumbnail (3000 x 3000 hint) and the audio files input', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload Your Audio Files' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Thumbnail',
      'Audio files',
    ]);
    expect(input('Thumbnail image')).toHaveAccessibleDescription('A JPG or JPEG image of 3000 x 3000 px at 300 dpi.');
    expect(input('Audio files')).toHaveAttribute('multiple');
    expect(input('Audio files')).toHaveAttribute('accept', '.mp3,.wav,.m4a');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('uploads the chapters one after another, then posts them in order with the thumbnail', async () => {
    const user = renderPage();
    // The audiobook's size is only a hint: a 640 x 480 image is taken.
    await user.upload(input('Thumbnail image'), fileOf('cover.jpg', 3000, 'image/jpeg'));
    await user.upload(input('Audio files'), [
      fileOf('01-intro.mp3', 1_500_000, 'audio/mpeg'),
      fileOf('02-chapter.wav', 4000, 'audio/wav'),
      fileOf('03-outro.m4a', 2000, 'audio/mp4'),
    ]);
    const list = screen.getByRole('list', { name: 'Chosen audio files' });
    expect(within(list).getAllByRole('progressbar')).toHaveLength(3);
    expect(progressBlock('Audio upload: 01-intro.mp3')).toHaveTextContent('0 of 1 500 000 bytes (0%)');

    await user.click(screen.getByRole('button', { name: 'Upload files' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    // One queue: every piece of a file before the next file.
    expect(server.received.map((piece) => `${piece.name}#${piece.index}`)).toEqual([
      '01-intro.mp3#0',
      '01-intro.mp3#1',
      '02-chapter.wav#0',
      '03-outro.m4a#0',
      'cover.jpg#0',
    ]);
    expect(server.received.every((piece) => piece.path === '/session/v2/packet' && piece.md5Matches)).toBe(true);
    expect(progressBlock('Audio upload: 02-chapter.wav')).toHaveTextContent('4 000 of 4 000 bytes (100%)');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/accept-terms-additional'));
    const submitted = log.find((request) => request.path === '/user/uploadbookaudio');
    expect(submitted?.body).toMatchObject({
      local_bookId: 42,
      international_bookId: null,
      cover: null,
      book: null,
      thumbnail: 'final-cover.jpg',
      audio_files: ['final-01-intro.mp3', 'final-02-chapter.wav', 'final-03-outro.m4a'],
    });
    expect(readCompletedStages()).toContain('upload-audio');
  });

  it("refuses files that are not audio with 'Invalid File Type' and keeps the others", async () => {
    const user = renderPage({ thumbnailNeeded: true });
    await user.upload(input('Audio files'), [fileOf('notes.pdf', 10), fileOf('01.mp3', 10)]);
    const dialog = screen.getByRole('dialog', { name: 'Invalid File Type' });
    expect(dialog).toHaveTextContent('The audio files must be .mp3, .wav or .m4a files.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(input('Audio files')).toHaveAccessibleDescription(expect.stringContaining('notes.pdf is not'));
    expect(screen.getByRole('progressbar', { name: 'Audio upload: 01.mp3' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Audio upload: notes.pdf' })).not.toBeInTheDocument();
  });

  it('clears the chosen files on Back and returns to Check Your Email', async () => {
    const user = renderPage();
    await user.upload(input('Audio files'), [fileOf('01.mp3', 10)]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/contract');
    expect(server.received).toEqual([]);
  });
});
