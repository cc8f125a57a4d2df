import { screen, within } from '@testing-library/react';
import { LEGAL_DOCUMENTS, setCurrentUser, type PdfRenderer } from '@pod/shared-contracts';
import { installFakeFetch, type RecordedRequest } from '@pod/shared-contracts/testing';
import { LEGAL_DOCUMENT_FAILED } from '../../../components/legal-document-viewer';
import { renderApp, resetSession } from '../../../test-support/render-app';

let calls: RecordedRequest[];
let drawn: string[];

/** A renderer that records the PDF text it was given and draws nothing. */
const renderer: PdfRenderer = async (data) => {
  drawn.push(new TextDecoder().decode(data));
  return { numPages: 1, renderPage: async () => {} };
};

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

beforeEach(() => {
  resetSession();
  setCurrentUser({
    id: 42,
    email: 'thandi@example.co.za',
    name_first: 'Thandi',
    name_last: 'Mokoena',
    balance: 100,
    user_status: 1,
    initial_login: 1,
  });
  Object.assign(URL, { createObjectURL: () => 'blob:http://localhost/legal', revokeObjectURL: () => {} });
  drawn = [];
  calls = installFakeFetch((request) => {
    const document = /^\/legal\/([a-z-]+)$/.exec(request.path)?.[1];
    return document
      ? { status: 200, bytes: pdf(document), headers: { 'Content-Type': 'application/pdf' } }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
});

describe('/support', () => {
  it("lists the four legal documents and points to the dashboard's chat, without FAQ or fees", () => {
    renderApp('/support', { pdfRenderer: renderer });

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Legal documents' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Terms and Conditions', 'Privacy Policy', 'Data Protection', 'Terms of Use']);
    expect(screen.getByText('Need help? Chat with us using the chat button on the dashboard.')).toBeVisible();
    expect(screen.queryByText(/FAQ|fees/i)).not.toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Support');
    expect(calls).toHaveLength(0);
  });

  it.each(LEGAL_DOCUMENTS.map((document) => [document.title, document.id] as const))(
    "opens '%s' (GET /legal/%s) in the PDF viewer, a dialog named after it",
    async (title, id) => {
      const user = renderApp('/support', { pdfRenderer: renderer });

      await user.click(screen.getByRole('button', { name: title }));

      const dialog = screen.getByRole('dialog', { name: title });
      expect(await within(dialog).findByRole('img', { name: `Page 1 of ${title}` })).toBeInTheDocument();
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /legal/${id}`]);
      expect(drawn).toEqual([`%PDF-1.7 ${id}`]);
      expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('download', `${id}.pdf`);

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('opens another document after closing one, and says so when a document cannot be loaded', async () => {
    const user = renderApp('/support', { pdfRenderer: renderer });
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    await screen.findByText('Page 1 of 1');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    calls = installFakeFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'x', message: 'Internal server error' },
    }));
    await user.click(screen.getByRole('button', { name: 'Data Protection' }));

    const dialog = screen.getByRole('dialog', { name: 'Data Protection' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEGAL_DOCUMENT_FAILED);
    expect(calls.map((call) => call.path)).toEqual(['/legal/data-protection']);
  });
});
