import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { UploadAssetsForm, type UploadAssetsFormProps } from '../upload-assets-form';
import type { UploadDraft } from '../upload-draft';
import type { UploadMetadata } from '../book-upload-payload';
import { createPacketServer, fileOf } from './fake-packet-server';

// Hashing and sending megabytes of pieces in jsdom takes a while on a busy machine: wait for
// outcomes generously (nothing here measures time).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(30_000);

/** A print book whose cover and thumbnail our designers make: only the book file to upload. */
const DRAFT: UploadDraft = {
  format: 'print',
  raw: false,
  localBookId: 42,
  internationalBookId: null,
  coverNeeded: true,
  thumbnailNeeded: true,
  conversionNeeded: false,
  formattingNeeded: false,
  bleedingNeeded: true,
  spotUvNeeded: false,
  heavyGraphics: false,
};

const METADATA: UploadMetadata = {
  subtitle: '',
  author: 'Thandi Zulu',
  publicationDate: '',
  onSaleDate: '',
  language: '',
  bisacCode: '',
  shortDescription: '',
  longDescription: '',
  mainDescription: '',
  copyrightHolder: '',
  copyrightDate: '',
  recommendedAudience: '',
  indicatedAudienceWarning: '',
  keywords: [],
  contributors: [],
};

function renderForm(props: Partial<UploadAssetsFormProps> = {}) {
  renderWithProviders(
    <UploadAssetsForm
      draft={DRAFT}
      metadata={METADATA}
      continueLabel="Continue"
      onBack={() => undefined}
      onSubmitted={() => undefined}
      readImageSize={async () => ({ width: 1000, height: 1000 })}
      {...props}
    />,
  );
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.clear();
  const server = createPacketServer();
  installFakeFetch((request) => server.handle(request) ?? { status: 404 });
});

describe('UploadAssetsForm slots (issue 14: cover template and preflight report)', () => {
  it('shows the cover template in the Cover section', () => {
    renderForm({ coverTemplate: <p>Cover template goes here</p> });
    const section = screen.getByRole('heading', { level: 2, name: 'Cover' }).closest('section');
    expect(section).toHaveTextContent('Cover template goes here');
  });

  it('shows the preflight report once the PDF is uploaded, and a blocking report disables Continue', async () => {
    const preflightReport = jest.fn(({ finalFilename }: { finalFilename: string }) => <p>Report of {finalFilename}</p>);
    const user = renderForm({ blocked: true, preflightReport });
    await user.upload(screen.getByLabelText('Book file'), fileOf('book.pdf', 4000, 'application/pdf'));
    expect(screen.queryByText(/Report of/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload files' }));
    expect(await screen.findByText('Report of final-book.pdf')).toBeInTheDocument();
    expect(preflightReport).toHaveBeenLastCalledWith(expect.objectContaining({ finalFilename: 'final-book.pdf' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('enables Continue once the files are uploaded when nothing blocks', async () => {
    const user = renderForm({ blocked: false });
    await user.upload(screen.getByLabelText('Book file'), fileOf('book.pdf', 4000, 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload files' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
  });
});
