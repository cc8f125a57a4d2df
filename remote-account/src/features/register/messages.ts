import { REGISTRATION_MESSAGES } from '@pod/shared-contracts';

/** Shown on the Email field when registration came back with U30 (account-area.md section 8, spelled so). */
export const EMAIL_TAKEN_MESSAGE = REGISTRATION_MESSAGES.emailExists;

/** The live note under 'Confirm password' while the two passwords differ (section 5). */
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** Label of the Terms & Privacy checkbox of step 2. */
export const TERMS_LABEL = 'I agree to the Terms & Privacy Policy';
