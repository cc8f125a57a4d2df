import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@pod/shared-contracts';
import {
  fakeJwt,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import type { CoverSpec } from '../api/cover-template';
import {
  COVER_SPEC_FAILED,
  COVER_SPEC_LOADING,
  CoverTemplate,
  SPINE_TEXT_ALLOWED,
  SPINE_TEXT_NO_SPINE,
  SPINE_TEXT_TOO_THIN,
  TEMPLATE_DOWNLOAD_FAILED,
} from '../cover-template';

const SPEC: CoverSpec = {
  statusCode: 0,
  trimWidthMm: 152.4,
  trimHeightMm: 228.6,
  pages: 300,
  paper: 'white',
  binding: 'Paperback (Perfect Bound)',
  spineWidthMm: 17.2,
  bleedMm: 3,
  coverWidthMm: 328,
  coverHeightMm: 234.6,
  spineTextAllowed: true,
};
const ACCESS = fakeJwt(3600, { sub: '42' });

let specAnswer: () => FakeAnswer | Promise<FakeAnswer>;
let templateAnswer: (request: RecordedRequest) => FakeAnswer;
let calls: RecordedRequest[];
const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/template');
const revokeObjectURL = jest.fn();
let clicked: Array<{ href: string; download: string }>;

beforeEach(() => {
  setTokens({ accessToken: ACCESS, refreshToken: fakeJwt(86_400, { sub: '42' }) });
  specAnswer = () => ({ status: 200, body: SPEC });
  templateAnswer = (request) => ({
    status: 200,
    body: `template ${request.query.type}`,
    headers: {
      'Content-Type': request.query.type === 'png' ? 'image/png' : 'application/pdf',
      'Content-Disposition': `attachment; filename="cover-template-Stars-328x234.6mm.${request.query.type}"`,
    },
  });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/coverspec') return specAnswer();
    if (request.path === '/user/covertemplate') return templateAnswer(request);
    return { status: 404, body: { message: 'Not found' } };
  });
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  clicked = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  setTokens(null);
});

const renderTemplate = (localBookId: number | null = 11, internationalBookId: number | null = 12) =>
  renderWithProviders(<CoverTemplate localBookId={localBookId} internationalBookId={internationalBookId} />);

describe('CoverTemplate', () => {
  it('shows the spine width, the full cover size and that spine text is allowed', async () => {
    renderTemplate();
    expect(screen.getByRole('status')).toHaveTextContent(COVER_SPEC_LOADING);
    const section = await screen.findByRole('region', { name: 'Cover template' });
    expect(within(section).getByText('Spine width: 17.2 mm')).toBeInTheDocument();
    expect(
      within(section).getByText('Full cover size: 328 x 234.6 mm (with 3 mm bleed on every side)'),
    ).toBeInTheDocument();
    expect(within(section).getByText(SPINE_TEXT_ALLOWED)).toBeInTheDocument();
    const request = calls.find((call) => call.path === '/user/coverspec')!;
    expect(request.query).toEqual({ local_bookId: '11', international_bookId: '12' });
  });

  it('says when the book is too thin for spine text, and when the binding has no spine', async () => {
    specAnswer = () => ({ status: 200, body: { ...SPEC, pages: 60, spineWidthMm: 3.4, spineTextAllowed: false } });
    const first = renderTemplate(11, null);
    expect(await screen.findByText(SPINE_TEXT_TOO_THIN)).toBeInTheDocument();
    expect(SPINE_TEXT_TOO_THIN).toBe('Your book is too thin for spine text (from 79 pages)');
    expect(calls.find((call) => call.path === '/user/coverspec')!.query).toEqual({ local_bookId: '11' });
    first.unmount();

    specAnswer = () => ({
      status: 200,
      body: { ...SPEC, binding: 'Saddle Stitch', spineWidthMm: 0, spineTextAllowed: false },
    });
    renderTemplate();
    expect(await screen.findByText(SPINE_TEXT_NO_SPINE)).toBeInTheDocument();
    expect(screen.getByText('Spine width: 0 mm')).toBeInTheDocument();
  });

  it.each([
    ['PDF', 'pdf'],
    ['PNG', 'png'],
  ])('Download cover template (%s) fetches the file with the bearer token and saves it', async (label, type) => {
    const user = userEvent.setup();
    renderTemplate();
    await user.click(await screen.findByRole('button', { name: `Download cover template (${label})` }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = calls.find((call) => call.path === '/user/covertemplate')!;
    expect(request.query).toEqual({ local_bookId: '11', international_bookId: '12', type });
    expect(request.authorization).toBe(`Bearer ${ACCESS}`);
    expect(clicked[0]).toEqual({
      href: 'blob:http://localhost/template',
      download: `cover-template-Stars-328x234.6mm.${type}`,
    });
    const saved = createObjectURL.mock.calls[0]![0];
    expect(await saved.text()).toBe(JSON.stringify(`template ${type}`));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/template'));
    // The link was temporary.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says so when a download fails, and the buttons work again', async () => {
    const user = userEvent.setup();
    templateAnswer = () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'x' } });
    renderTemplate();
    const pdf = await screen.findByRole('button', { name: 'Download cover template (PDF)' });
    await user.click(pdf);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEMPLATE_DOWNLOAD_FAILED);
    expect(clicked).toHaveLength(0);
    expect(pdf).toBeEnabled();
  });

  it('shows a failed load with Try again', async () => {
    const user = userEvent.setup();
    specAnswer = () => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } });
    renderTemplate();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(COVER_SPEC_FAILED);
    specAnswer = () => ({ status: 200, body: SPEC });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Spine width: 17.2 mm')).toBeInTheDocument();
  });
});
