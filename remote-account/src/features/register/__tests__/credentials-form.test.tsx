import { screen, within } from '@testing-library/react';
import { PASSWORD_RULE_MESSAGE, REGISTRATION_MESSAGES } from '@pod/shared-contracts';
import { installFakeFetch } from '@pod/shared-contracts/testing';
import { currentLocation, renderApp, resetSession } from '../../../test-support/render-app';

const EMAIL_TAKEN = 'This email alreay exists on our system, please use another email or login to continue';

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const confirmation = () => screen.getByLabelText('Confirm password');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const hints = () => within(screen.getByRole('list', { name: 'Your password needs' })).getAllByRole('listitem');
const hint = (label: string) => {
  const item = hints().find((li) => li.textContent?.includes(label));
  if (!item) throw new Error(`no hint "${label}"`);
  return item;
};

beforeEach(resetSession);

describe('registration step 1 (/register/email-password)', () => {
  it('is reached from /register and shows labelled fields, the progress bar and the title', () => {
    renderApp('/register');

    expect(currentLocation()).toBe('/register/email-password');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Registration progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(confirmation()).toHaveAttribute('type', 'password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Print on Demand | Register');
  });

  it('shows the three required messages on an empty submit and stays on step 1', async () => {
    const calls = installFakeFetch(() => ({ status: 500 }));
    const user = renderApp('/register/email-password');

    await user.click(continueButton());

    expect(email()).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailRequired);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Please enter your password to continue');
    expect(confirmation()).toHaveAccessibleDescription('Please confirm your password to continue');
    expect(currentLocation()).toBe('/register/email-password');
    expect(calls).toHaveLength(0);
  });

  it('rejects an invalid e-mail, a weak password and a different confirmation', async () => {
    const user = renderApp('/register/email-password');

    await user.type(email(), 'thandi@example');
    await user.type(password(), 'secret12');
    await user.type(confirmation(), 'secret13');
    await user.click(continueButton());

    expect(email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(password()).toHaveAccessibleDescription(PASSWORD_RULE_MESSAGE);
    expect(confirmation()).toHaveAccessibleDescription('passwords must match');
    expect(currentLocation()).toBe('/register/email-password');
  });

  it('shows a message as soon as a field is left empty, before any submit', async () => {
    const user = renderApp('/register/email-password');

    await user.click(email());
    await user.tab();

    expect(email()).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailRequired);
    expect(password()).not.toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordRequired);
  });

  it('ticks the live hint list as the password is typed, in text as well as visually', async () => {
    const user = renderApp('/register/email-password');

    expect(hints()).toHaveLength(5);
    for (const item of hints()) expect(item).toHaveTextContent(/: not met$/);

    await user.type(password(), 'abc');
    expect(hint('One lowercase letter')).toHaveTextContent('One lowercase letter: met');
    expect(hint('One uppercase letter')).toHaveTextContent('One uppercase letter: not met');
    expect(hint('At least 8 characters')).toHaveTextContent('At least 8 characters: not met');

    await user.type(password(), 'Def1#gh');
    for (const item of hints()) expect(item).toHaveTextContent(/: met$/);
    expect(hint('One special character')).toHaveClass('met');

    await user.clear(password());
    expect(hint('One lowercase letter')).toHaveTextContent('One lowercase letter: not met');
    expect(hint('One lowercase letter')).toHaveClass('unmet');
  });

  it("shows 'Passwords don't match' live while a typed confirmation differs", async () => {
    const user = renderApp('/register/email-password');
    const note = () => screen.queryByText("Passwords don't match");

    await user.type(password(), 'Secret#123');
    expect(note()).not.toBeInTheDocument();

    await user.type(confirmation(), 'Secret#12');
    expect(note()).toBeInTheDocument();
    expect(screen.getAllByRole('status').some((region) => region.contains(note()))).toBe(true);

    await user.type(confirmation(), '3');
    expect(note()).not.toBeInTheDocument();

    await user.clear(confirmation());
    expect(note()).not.toBeInTheDocument();
  });

  it('moves to step 2 with valid values', async () => {
    const user = renderApp('/register/email-password');

    await user.type(email(), ' thandi@example.co.za ');
    await user.type(password(), 'Secret#123');
    await user.type(confirmation(), 'Secret#123');
    await user.click(continueButton());

    expect(currentLocation()).toBe('/register/your-details');
    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
  });

  describe('opened with ?e= after U30', () => {
    it('prefills the e-mail and marks it as already registered, with a link to /login', () => {
      renderApp('/register/email-password?e=thandi%40example.co.za');

      expect(email()).toHaveValue('thandi@example.co.za');
      expect(email()).toHaveAccessibleDescription(EMAIL_TAKEN);
      expect(email()).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    });

    it('blocks Continue until another e-mail is entered', async () => {
      const user = renderApp('/register/email-password?e=thandi%40example.co.za');

      await user.type(password(), 'Secret#123');
      await user.type(confirmation(), 'Secret#123');
      await user.clear(email());
      await user.type(email(), 'THANDI@example.co.za');
      await user.click(continueButton());

      expect(email()).toHaveAccessibleDescription(EMAIL_TAKEN);
      expect(currentLocation()).toBe('/register/email-password?e=thandi%40example.co.za');

      await user.clear(email());
      await user.type(email(), 'thandi.m@example.co.za');

      expect(email()).not.toHaveAccessibleDescription(EMAIL_TAKEN);
      expect(screen.queryByRole('link', { name: 'Go to login' })).not.toBeInTheDocument();

      await user.click(continueButton());
      expect(currentLocation()).toBe('/register/your-details');
    });
  });
});
