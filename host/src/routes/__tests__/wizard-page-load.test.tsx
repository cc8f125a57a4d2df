import { act, screen } from '@testing-library/react';
import { navigateTo } from '@pod/shared-contracts';
import { renderApp, THANDI } from '../../test-support/render-app';
import { wizardPageLoadTarget } from '../wizard-page-load';

const wizardAt = (path: string) => screen.findByRole('heading', { name: `remote_wizard/App at ${path}` });
const location = () => screen.getByTestId('location');

describe('wizardPageLoadTarget', () => {
  it.each(['/new-book/general-info', '/new-book/e-book', '/new-book/calculator', '/new-book/audio-book/files'])(
    'sends %s to publishing-rights',
    (path) => {
      expect(wizardPageLoadTarget(path)).toBe('/new-book/publishing-rights');
    },
  );

  it.each(['/new-book/publishing-rights', '/new-book', '/my-first-book/general-info', '/books'])(
    'leaves %s alone',
    (path) => {
      expect(wizardPageLoadTarget(path)).toBeNull();
    },
  );

  it.each([
    ['/new-book/publisher-info', '?continue=true&lbid=11&ibid=21&region=li'],
    ['/new-book/publisher-info', '?continue=true&lbid=11&region=l'],
    ['/new-book/upload-type', '?continue=true&ibid=21&region=i'],
  ])('lets the resume link %s%s through', (path, search) => {
    expect(wizardPageLoadTarget(path, search)).toBeNull();
  });

  it.each([
    ['/new-book/publisher-info', ''],
    ['/new-book/publisher-info', '?continue=false&lbid=11'],
    ['/new-book/publisher-info', '?continue=true&region=li'],
    ['/new-book/publisher-info', '?continue=true&lbid=abc'],
    ['/new-book/bank-details', '?continue=true&lbid=11'],
    ['/new-book/upload-type/more', '?continue=true&lbid=11'],
  ])('does not take %s%s for a resume link', (path, search) => {
    expect(wizardPageLoadTarget(path, search)).toBe('/new-book/publishing-rights');
  });
});

describe('the wizard page-load rule', () => {
  it('replaces a later stage opened by a page load with publishing-rights', async () => {
    renderApp('/new-book/general-info');

    expect(await wizardAt('/new-book/publishing-rights')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/publishing-rights');
  });

  it('lets a page load on a resume link open its stage with the query', async () => {
    renderApp('/new-book/publisher-info?continue=true&lbid=11&ibid=21&region=li', { user: THANDI });

    expect(await wizardAt('/new-book/publisher-info')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/publisher-info?continue=true&lbid=11&ibid=21&region=li');
  });

  it('happens once: the same stage reached in the app afterwards stays', async () => {
    renderApp('/new-book/e-book');
    await wizardAt('/new-book/publishing-rights');

    act(() => navigateTo('/new-book/e-book'));

    expect(await wizardAt('/new-book/e-book')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/e-book');
  });

  it('never redirects in-app navigation between stages', async () => {
    renderApp('/new-book/publishing-rights');
    await wizardAt('/new-book/publishing-rights');

    act(() => navigateTo('/new-book/general-info'));
    expect(await wizardAt('/new-book/general-info')).toBeInTheDocument();

    act(() => navigateTo('/new-book/calculator'));
    expect(await wizardAt('/new-book/calculator')).toBeInTheDocument();
  });

  it('does not apply to a page load elsewhere that later enters the wizard', async () => {
    renderApp('/checkout/cart', { user: THANDI });
    await screen.findByRole('heading', { name: 'remote_checkout/App at /checkout/cart' });

    act(() => navigateTo('/new-book/general-info'));

    expect(await wizardAt('/new-book/general-info')).toBeInTheDocument();
  });
});
