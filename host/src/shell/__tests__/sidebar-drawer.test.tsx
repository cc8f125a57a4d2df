import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockScreen } from '../../test-support/match-media';
import { renderApp, THANDI } from '../../test-support/render-app';

let display: ReturnType<typeof mockScreen>;

afterEach(() => display.restore());

async function renderSmall(path = '/books') {
  display = mockScreen(true);
  renderApp(path, { user: THANDI });
  await screen.findByRole('heading', { name: `remote_library/App at ${path}` });
}

describe('the sidebar on a small screen', () => {
  it('is hidden until "Open menu" opens it, and takes the focus', async () => {
    const user = userEvent.setup();
    await renderSmall();
    const opener = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(opener).toHaveAttribute('aria-controls', 'main-navigation');

    await user.click(opener);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('id', 'main-navigation');
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Your books' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('closes with "Close menu" and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    await renderSmall();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.click(screen.getByRole('button', { name: 'Close menu' }));

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    await renderSmall();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('closes on a click outside it, not on a click inside it', async () => {
    const user = userEvent.setup();
    await renderSmall();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.click(screen.getByText('Print on Demand'));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await user.click(screen.getByRole('heading', { name: 'remote_library/App at /books' }));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('closes after following one of its links', async () => {
    const user = userEvent.setup();
    await renderSmall();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.click(screen.getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('heading', { name: 'remote_library/App at /orders' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('becomes the permanent sidebar when the screen grows', async () => {
    await renderSmall();

    act(() => display.resize(false));

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
  });
});

describe('the sidebar on a wide screen', () => {
  it('is always shown, with no menu buttons', async () => {
    display = mockScreen(false);
    renderApp('/books', { user: THANDI });

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
  });
});
