import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import { FinalPasswordField, FinalTextField } from '../final-fields';

interface Values {
  email?: string;
  password?: string;
}

function renderForm(onSubmit = jest.fn(), onEmailFocus = jest.fn()) {
  render(
    <Form<Values>
      onSubmit={onSubmit}
      validate={(values) => (values.email ? {} : { email: 'Please enter your email address' })}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FinalTextField name="email" type="email" label="Email" onFocus={onEmailFocus} />
          <FinalPasswordField name="password" label="Password" autoComplete="new-password" />
          <button type="submit">Send</button>
        </form>
      )}
    />,
  );
  return { onSubmit, onEmailFocus };
}

describe('FinalTextField and FinalPasswordField', () => {
  it('show the validation message only once the field was touched', async () => {
    const user = userEvent.setup();
    renderForm();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(email);
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email address');
  });

  it('hand the typed values to the form and call the caller’s onFocus', async () => {
    const user = userEvent.setup();
    const { onSubmit, onEmailFocus } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'Str0ng#Pass');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onEmailFocus).toHaveBeenCalled();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'a@b.co', password: 'Str0ng#Pass' });
  });
});
