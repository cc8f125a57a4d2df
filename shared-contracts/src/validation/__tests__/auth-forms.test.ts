import {
  ChangePasswordForm,
  firstFailure,
  ForgotPasswordForm,
  isStrongRegistrationPassword,
  isStrongResetPassword,
  PASSWORD_RULE_MESSAGE,
  passwordHints,
  RegisterCredentialsForm,
  RegisterDetailsForm,
  Registration,
  ResetPasswordForm,
  validateForm,
} from '..';

describe('password rules', () => {
  it('registration needs 8+ characters, lower, upper, digit and one of !@#$%?=*&', () => {
    expect(isStrongRegistrationPassword('Abcdef1!')).toBe(true);
    expect(isStrongRegistrationPassword('Abcde1!')).toBe(false);
    expect(isStrongRegistrationPassword('abcdef1!')).toBe(false);
    expect(isStrongRegistrationPassword('ABCDEF1!')).toBe(false);
    expect(isStrongRegistrationPassword('Abcdefg!')).toBe(false);
    expect(isStrongRegistrationPassword('Abcdefg1^')).toBe(false);
  });

  it('reset/change accept all classes from 6, or no digit from 8', () => {
    expect(isStrongResetPassword('Abc1!x')).toBe(true);
    expect(isStrongResetPassword('Abc1!')).toBe(false);
    expect(isStrongResetPassword('Abcdefg!')).toBe(true);
    expect(isStrongResetPassword('Abcdef!')).toBe(false);
    expect(isStrongResetPassword('abcdefg1!')).toBe(false);
  });

  it('lists live hints in order with their state', () => {
    expect(passwordHints('aB1').map((h) => [h.id, h.met])).toEqual([
      ['length', false],
      ['lowercase', true],
      ['uppercase', true],
      ['digit', true],
      ['special', false],
    ]);
  });
});

describe('registration forms', () => {
  it('step 1 gives the spec messages', () => {
    expect(validateForm(RegisterCredentialsForm, {})).toEqual({
      email: 'Please enter your email to continue',
      password: 'Please enter your password to continue',
      confirm_password: 'Please confirm your password to continue',
    });
    expect(
      validateForm(RegisterCredentialsForm, { email: 'nope', password: 'weak', confirm_password: 'weak' }),
    ).toEqual({
      email: 'Please enter a valid email address',
      password: PASSWORD_RULE_MESSAGE,
    });
    expect(
      validateForm(RegisterCredentialsForm, { email: 'a@b.co', password: 'Abcdef1!', confirm_password: 'Abcdef1?' }),
    ).toEqual({ confirm_password: 'passwords must match' });
  });

  it('step 2 needs both names and the ticked box', () => {
    expect(validateForm(RegisterDetailsForm, { terms: false })).toEqual({
      name_first: 'Please enter your first name',
      name_last: 'Please enter your last name',
      terms: 'Please accept the Terms & Privacy Policy to continue',
    });
    expect(validateForm(RegisterDetailsForm, { name_first: 'A', name_last: 'B', terms: true })).toBeUndefined();
  });

  it('the server body reports the first rule the user meets', () => {
    expect(firstFailure(Registration, {})).toBe('Please enter your email to continue');
    expect(
      firstFailure(Registration, {
        email: 'a@b.co',
        password: 'Abcdef1!',
        confirm_password: 'Abcdef1!',
        name_first: 'A',
      }),
    ).toBe('Please enter your last name');
    expect(
      firstFailure(Registration, {
        email: 'a@b.co',
        password: 'Abcdef1!',
        confirm_password: 'x',
        name_first: 'A',
        name_last: 'B',
      }),
    ).toBe('passwords must match');
  });
});

describe('password forms', () => {
  it('forgot password', () => {
    expect(validateForm(ForgotPasswordForm, {})).toEqual({ email: 'Please enter your email address to continue' });
    expect(validateForm(ForgotPasswordForm, { email: 'x' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('reset shows strength on the password field and lower-case mismatch', () => {
    expect(validateForm(ResetPasswordForm, {})).toEqual({
      password: 'Please enter a new password',
      confirm_password: 'Please confirm your new password',
    });
    expect(validateForm(ResetPasswordForm, { password: 'weak', confirm_password: 'weak' })).toEqual({
      password: PASSWORD_RULE_MESSAGE,
    });
    expect(validateForm(ResetPasswordForm, { password: 'Abc1!x', confirm_password: 'Abc1!y' })).toEqual({
      confirm_password: 'passwords must match',
    });
  });

  it('change shows mismatch and strength on the confirmation field', () => {
    expect(validateForm(ChangePasswordForm, { password: 'Abc1!x', confirm_password: 'Abc1!y' })).toEqual({
      confirm_password: 'Passwords must match',
    });
    expect(validateForm(ChangePasswordForm, { password: 'weak', confirm_password: 'weak' })).toEqual({
      confirm_password: PASSWORD_RULE_MESSAGE,
    });
    expect(validateForm(ChangePasswordForm, { password: 'Abc1!x', confirm_password: 'Abc1!x' })).toBeUndefined();
  });
});
