import { PRERENDER_ID, PRERENDER_PATH_ATTRIBUTE, watchPrerender } from '../hand-over';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function page(pathname = '/login', renderedFor = '/login') {
  document.body.innerHTML = `<div id="${PRERENDER_ID}" ${PRERENDER_PATH_ATTRIBUTE}="${renderedFor}"><h1>Heading</h1></div><div id="root"></div>`;
  const root = document.getElementById('root') as HTMLElement;
  const location = { pathname };
  return { root, location, prerender: () => document.getElementById(PRERENDER_ID) };
}

describe('watchPrerender', () => {
  it('keeps the pre-render while React shows only a spinner, and ends it when a screen heading arrives', async () => {
    const { root, location, prerender } = page();
    watchPrerender(root, document, location);

    root.innerHTML = '<main><div role="status">Loading account</div></main>';
    await flush();
    expect(prerender()).not.toBeNull();

    root.querySelector('main')?.insertAdjacentHTML('beforeend', '<div><h1>Login</h1><form></form></div>');
    await flush();
    expect(prerender()).toBeNull();
  });

  it('ends it when the page leaves /login (a signed-in user sent on to the dashboard)', async () => {
    const { root, location, prerender } = page();
    watchPrerender(root, document, location);

    location.pathname = '/dashboard';
    root.innerHTML = '<main><div role="status">Loading your library</div></main>';
    await flush();

    expect(prerender()).toBeNull();
  });

  it('treats /login/ as /login', async () => {
    const { root, location, prerender } = page('/login/');
    watchPrerender(root, document, location);
    root.innerHTML = '<p>Starting the portal</p>';
    await flush();
    expect(prerender()).not.toBeNull();
  });

  it('keeps a pre-rendered signed-in page until its screen arrives, and ends it on a redirect to /login', async () => {
    const shown = page('/dashboard', '/dashboard');
    watchPrerender(shown.root, document, shown.location);
    shown.root.innerHTML = '<main><div role="status">Starting the portal</div></main>';
    await flush();
    expect(shown.prerender()).not.toBeNull();
    shown.root.insertAdjacentHTML('beforeend', '<h1>Dashboard</h1>');
    await flush();
    expect(shown.prerender()).toBeNull();

    const signedOut = page('/dashboard', '/dashboard');
    watchPrerender(signedOut.root, document, signedOut.location);
    signedOut.location.pathname = '/login';
    signedOut.root.innerHTML = '<main><div role="status">Loading account</div></main>';
    await flush();
    expect(signedOut.prerender()).toBeNull();
  });

  it('reads a page without the attribute as the pre-rendered /login', async () => {
    document.body.innerHTML = `<div id="${PRERENDER_ID}"><h1>Login</h1></div><div id="root"></div>`;
    const root = document.getElementById('root') as HTMLElement;
    watchPrerender(root, document, { pathname: '/login' });
    root.innerHTML = '<p>Starting the portal</p>';
    await flush();
    expect(document.getElementById(PRERENDER_ID)).not.toBeNull();
  });

  it('does nothing on a page served without a pre-render', () => {
    document.body.innerHTML = '<div id="root"><h1>Dashboard</h1></div>';
    const root = document.getElementById('root') as HTMLElement;
    expect(() => watchPrerender(root, document, { pathname: '/dashboard' })()).not.toThrow();
    expect(root.innerHTML).toBe('<h1>Dashboard</h1>');
  });
});
