import { screen } from '@testing-library/react';
import { deferred, installFakeFetch, type FakeAnswer } from '@pod/shared-contracts/testing';
import { renderApp, resetSession } from '../../../test-support/render-app';

const VERIFIED = 'Congratulations your account has been verified. Click login to login and access your account.';
const FAILED = 'Something went wrong while attempting to verify your account.';

beforeEach(resetSession);

describe('/verify', () => {
  it('shows the spinner, then the success text and Login Now, calling the API once under StrictMode', async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch(() => answer.promise);
    renderApp('/verify?id=42&token=tok-123', { strict: true });

    expect(screen.getByRole('status', { name: 'Verifying your account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify account' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Verify account');

    answer.resolve({ status: 200, body: { statusCode: 0, description: 'Your account has been verified' } });

    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('status', { name: 'Verifying your account' })).not.toBeInTheDocument();
    expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
    expect(calls).toMatchObject([
      { method: 'GET', path: '/user/verifyaccount/42/tok-123', authorization: null, body: undefined },
    ]);
  });

  it('shows the failure text and a Contact support mail link when the link is refused', async () => {
    const calls = installFakeFetch(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This link is invalid or has expired',
        code: 'LINK_INVALID',
      },
    }));
    renderApp('/verify?id=42&token=used-token', { strict: true });

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@pod.local');
    expect(screen.queryByRole('link', { name: 'Login Now' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('fails when the reply is 200 without statusCode 0', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 5, description: 'Not verified' } }));
    renderApp('/verify?id=42&token=tok-123');

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
  });

  it('fails when the network does', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    renderApp('/verify?id=42&token=tok-123');

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
  });

  it.each([
    '/verify',
    '/verify?id=42',
    '/verify?token=tok-123',
    '/verify?id=abc&token=tok-123',
    '/verify?id=0&token=t',
  ])('fails without calling the API for %s', (path) => {
    const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'ok' } }));
    renderApp(path);

    expect(screen.getByText(FAILED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@pod.local');
    expect(calls).toHaveLength(0);
  });
});
