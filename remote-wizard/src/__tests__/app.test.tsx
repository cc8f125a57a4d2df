import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import App from '../app';
import { STAGES } from '../routes/stage-screen';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

describe('remote_wizard App', () => {
  it.each([
    ['/new-book', '/new-book/publishing-rights', 'New book: Publishing rights'],
    ['/my-first-book', '/my-first-book/publishing-rights', 'My first book: Publishing rights'],
  ])('sends %s to its first stage', (path, target, heading) => {
    renderAt(path);
    expect(screen.getByRole('status')).toHaveTextContent(target);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`Print on Demand | ${heading}`);
  });

  it.each([...STAGES])('has one heading for the stage %s', (stage) => {
    renderAt(`/new-book/${stage}`);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Page Not Found');
  });

  it('shows Page Not Found for an unknown stage', () => {
    renderAt('/new-book/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
