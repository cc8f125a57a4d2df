import { LoginForm, validateForm } from '..';
import { alertMessage, ApiError } from '../../api/errors';
import { GENERIC_ERROR_MESSAGE } from '../../constants';
import { isShellHidden, matchAppRoute } from '../../routes';

describe('LoginForm', () => {
  it('gives the spec messages for missing fields', () => {
    expect(validateForm(LoginForm, {})).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
    expect(validateForm(LoginForm, { email: '   ', password: 'x' })).toEqual({
      email: 'Please enter your email address',
    });
  });

  it('passes complete values', () => {
    expect(validateForm(LoginForm, { email: 'a@b.co', password: 'x' })).toBeUndefined();
  });
});

describe('alertMessage', () => {
  it('falls back to the generic message for a missing or internal error message', () => {
    expect(alertMessage(new ApiError(500, 'Internal server error'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(alertMessage(new ApiError(500, ''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(alertMessage(undefined)).toBe(GENERIC_ERROR_MESSAGE);
    expect(alertMessage(new ApiError(409, 'Taken'))).toBe('Taken');
  });
});

describe('routes', () => {
  it('finds the owner of each route and nothing for unknown paths', () => {
    expect(matchAppRoute('/dashboard')?.owner).toBe('remote_library');
    expect(matchAppRoute('/register/welcome')?.owner).toBe('remote_account');
    expect(matchAppRoute('/checkout/cart')?.owner).toBe('remote_checkout');
    expect(matchAppRoute('/new-book/general-info')?.owner).toBe('remote_wizard');
    expect(matchAppRoute('/dashboard')?.access).toBe('guarded');
    expect(matchAppRoute('/nope')).toBeUndefined();
  });

  it('hides the shell on the listed paths only', () => {
    expect(isShellHidden('/login')).toBe(true);
    expect(isShellHidden('/register/your-details')).toBe(true);
    expect(isShellHidden('/my-first-book/calculator')).toBe(true);
    expect(isShellHidden('/dashboard')).toBe(false);
    expect(isShellHidden('/new-book/general-info')).toBe(false);
  });
});
