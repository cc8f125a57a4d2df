import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isStrongRegistrationPassword, isStrongResetPassword } from '../../src/domain/password-rules.js';
import { checkRegistration, REGISTRATION_MESSAGES } from '../../src/domain/registration.js';

describe('password rules', () => {
  it('registration: 8+ characters with lowercase, uppercase, digit and one of !@#$%?=*&', () => {
    assert.equal(isStrongRegistrationPassword('Demo#2026pass'), true);
    assert.equal(isStrongRegistrationPassword('Ab1#efgh'), true);
    assert.equal(isStrongRegistrationPassword('Ab1#efg'), false);
    assert.equal(isStrongRegistrationPassword('Ab1^efgh'), false);
  });

  it('reset/change: all four classes from 6, or no digit from 8', () => {
    assert.equal(isStrongResetPassword('Ab1#ef'), true);
    assert.equal(isStrongResetPassword('Ab#defgh'), true);
    assert.equal(isStrongResetPassword('Ab#defg'), false);
    assert.equal(isStrongResetPassword('Ab1def'), false);
  });
});

describe('checkRegistration', () => {
  it('reports the first failing rule in the order of the registration steps', () => {
    const result = checkRegistration({ email: 'bad', password: 'x', name_first: '' });
    assert.deepEqual(result, { ok: false, message: REGISTRATION_MESSAGES.emailInvalid });
  });

  it('ignores unknown keys such as username', () => {
    const result = checkRegistration({
      username: 'a@b.co',
      email: 'a@b.co',
      password: 'Ab1#efgh',
      confirm_password: 'Ab1#efgh',
      name_first: 'A',
      name_last: 'B',
    });
    assert.equal(result.ok, true);
  });
});
