import { type as looseObject, type Infer } from 'superstruct';
import { TELEPHONE_PATTERN } from './publisher-bank';
import { EMAIL_PATTERN, required, requiredMatching } from './rules';

/**
 * The profile's details modal (PUT /user/edituser, account-area.md section 5 'Update details
 * modal'): first name and surname letters and spaces only, the phone an optional + and 8 to 15
 * digits; all three required (the modal's Done stays disabled while one is empty, so a blank one
 * is answered with the field's message too).
 */
export const EDIT_DETAILS_MESSAGES = {
  name: 'Please enter a valid name',
  surname: 'Please enter a valid surname',
  phone: 'Please enter a valid phone number',
} as const;

/** Letters (of any script) and spaces, as the details modal allows them. */
export const LETTERS_AND_SPACES_PATTERN = /^[\p{L} ]+$/u;

export const EditDetailsForm = looseObject({
  name_first: requiredMatching(EDIT_DETAILS_MESSAGES.name, LETTERS_AND_SPACES_PATTERN, EDIT_DETAILS_MESSAGES.name),
  name_last: requiredMatching(EDIT_DETAILS_MESSAGES.surname, LETTERS_AND_SPACES_PATTERN, EDIT_DETAILS_MESSAGES.surname),
  phone_main: requiredMatching(EDIT_DETAILS_MESSAGES.phone, TELEPHONE_PATTERN, EDIT_DETAILS_MESSAGES.phone),
});
/** Values of the details modal (also the PUT /user/edituser body's fields). */
export type EditDetailsForm = Infer<typeof EditDetailsForm>;

/** The change-e-mail modal and PUT /user/changeemail. */
export const CHANGE_EMAIL_MESSAGES = {
  email: 'Please enter a valid email address',
  // The spec names no message for the password of this form; the login form's words.
  password: 'Please enter your password',
} as const;

export const ChangeEmailForm = looseObject({
  email: requiredMatching(CHANGE_EMAIL_MESSAGES.email, EMAIL_PATTERN, CHANGE_EMAIL_MESSAGES.email),
  password: required(CHANGE_EMAIL_MESSAGES.password),
});
/** Values of the change-e-mail modal (also the PUT /user/changeemail body). */
export type ChangeEmailForm = Infer<typeof ChangeEmailForm>;
