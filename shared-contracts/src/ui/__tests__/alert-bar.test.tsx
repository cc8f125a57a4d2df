import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertBar } from '../alert-bar';

describe('AlertBar', () => {
  it.each([
    ['danger', 'alert'],
    ['warning', 'alert'],
    ['info', 'status'],
    ['success', 'status'],
  ] as const)('a %s bar has role %s', (variant, role) => {
    render(<AlertBar variant={variant} message="Connection restored" />);
    expect(screen.getByRole(role)).toHaveTextContent('Connection restored');
  });

  it('offers a Dismiss button only when it can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    const { rerender } = render(<AlertBar variant="info" message="Saved" />);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

    rerender(<AlertBar variant="info" title="Done" message="Saved" onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Done');
  });
});
