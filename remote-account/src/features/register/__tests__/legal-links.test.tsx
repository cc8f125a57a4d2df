import { screen, within } from '@testing-library/react';
import type { PdfRenderer } from '@pod/shared-contracts';
import { installFakeFetch, type RecordedRequest } from '@pod/shared-contracts/testing';
import { renderApp, resetSession } from '../../../test-support/render-app';

let calls: RecordedRequest[];

const renderer: PdfRenderer = async () => ({ numPages: 1, renderPage: async () => {} });

beforeEach(() => {
  resetSession();
  Object.assign(URL, { createObjectURL: () => 'blob:http://localhost/legal', revokeObjectURL: () => {} });
  calls = installFakeFetch((request) =>
    request.path.startsWith('/legal/')
      ? { status: 200, bytes: new TextEncoder().encode('%PDF-1.7'), headers: { 'Content-Type': 'application/pdf' } }
      : { status: 404 },
  );
});

describe("registration step 2's Terms & Privacy documents", () => {
  it.each([
    ['Terms and Conditions', '/legal/terms-and-conditions'],
    ['Privacy Policy', '/legal/privacy-policy'],
  ])("opens '%s' in the PDF viewer without a session, and registers nothing", async (title, path) => {
    const user = renderApp('/register/email-password', { pdfRenderer: renderer });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Your details' });

    await user.click(screen.getByRole('button', { name: title }));

    const dialog = screen.getByRole('dialog', { name: title });
    expect(await within(dialog).findByText('Page 1 of 1')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path, authorization: null });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms & Privacy Policy' })).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
  });
});
