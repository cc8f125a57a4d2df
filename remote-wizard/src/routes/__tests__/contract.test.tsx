import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCurrentUser, SUPPORT_EMAIL, type User, Route, Routes } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import { ContractScreen } from '../contract';
import { readCompletedStages } from '../../lib/completed-stages';
import { writeDraft } from '../../lib/draft-storage';
import type { BasePath } from '../../lib/stages';

function renderPage(draft: Record<string, unknown>, base: BasePath = '/new-book', completed: string[] = []) {
  for (const [name, value] of Object.entries(draft)) writeDraft(name, value);
  writeDraft('completedSteps', ['accept-terms', ...completed]);
  renderWithProviders(
    <Routes>
      <Route path={`${base}/contract`} element={<ContractScreen base={base} />} />
      <Route path={`${base}/metadata`} element={<p>Metadata page</p>} />
      <Route path={`${base}/upload-audio`} element={<p>Upload audio page</p>} />
    </Routes>,
    { route: `${base}/contract`, probe: true },
  );
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.clear();
  setCurrentUser({ id: 7, email: 'thandi@example.com', name_first: 'Thandi', name_last: 'Zulu' } as User);
});

afterEach(() => setCurrentUser(null));

describe('/new-book/contract (Check Your Email)', () => {
  it('says the signed contract was e-mailed, to whom, and where to ask about it', () => {
    renderPage({ bookFormat: 'print' });
    expect(screen.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(/Your signed contract has been e-mailed to you at/)).toHaveTextContent(
      'Your signed contract has been e-mailed to you at thandi@example.com. Keep it for your records.',
    );
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '77.78');
  });

  it.each([
    ['a print book', { bookFormat: 'print' }, '/new-book/metadata'],
    ['an eBook', { bookFormat: 'ebook' }, '/new-book/metadata'],
    [
      'an audiobook whose recording is ordered',
      { bookFormat: 'audiobook', recordingRequired: true },
      '/new-book/metadata',
    ],
    [
      'an audiobook with no recording required',
      { bookFormat: 'audiobook', recordingRequired: false },
      '/new-book/upload-audio',
    ],
  ])('continues %s to %s', async (_name, draft, path) => {
    const user = renderPage(draft);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(readCompletedStages()).toContain('contract');
  });

  it('keeps the base path and reads Next once the stage is completed', async () => {
    const user = renderPage({ bookFormat: 'audiobook' }, '/my-first-book', ['contract']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-first-book/upload-audio');
  });
});
