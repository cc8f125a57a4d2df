import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '../modal';
import { Button } from '../button';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open details</Button>
      <Modal
        open={open}
        title="Login unsuccessful"
        onClose={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Try again</Button>}
      >
        <p>The email or password you entered is incorrect</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is absent until opened, then is a dialog named by its title', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open details' }));

    const dialog = screen.getByRole('dialog', { name: 'Login unsuccessful' });
    expect(dialog).toHaveTextContent('The email or password you entered is incorrect');
    expect(dialog).toHaveAttribute('open');
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from an action in its footer', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
