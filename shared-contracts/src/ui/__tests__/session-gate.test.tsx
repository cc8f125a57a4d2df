import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from '../../router';
import { navigateTo, raiseAlert } from '../..';
import { AlertRegion } from '../alert-region';
import { SessionGate } from '../session-gate';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

describe('SessionGate', () => {
  it('renders its children once the session has started and lends navigate to shared code', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <SessionGate fallback={<p>starting</p>}>
          <Where />
        </SessionGate>
      </MemoryRouter>,
    );
    expect(screen.getByText('starting')).toBeInTheDocument();
    expect(await screen.findByText('at /dashboard')).toBeInTheDocument();

    act(() => navigateTo('/login'));

    expect(screen.getByText('at /login')).toBeInTheDocument();
  });
});

describe('AlertRegion', () => {
  it('shows raised alerts and removes one when dismissed', async () => {
    render(<AlertRegion />);
    act(() => {
      raiseAlert({ variant: 'danger', message: 'Unable to refresh token' });
      raiseAlert({ variant: 'success', message: 'Saved' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to refresh token');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');

    act(() => screen.getAllByRole('button', { name: 'Dismiss' })[0]?.click());

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
