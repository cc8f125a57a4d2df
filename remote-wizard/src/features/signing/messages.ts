/** The signing step's words, as the specification gives them (new-book-wizard.md sections 5 and 8). */
export const SIGNING_MESSAGES = {
  /** Section 8: Continue without a signed place, signature or initials. */
  missingSignData: 'Before proceeding we need you to enter your location and your signature or initials.',
  /** Section 5: the signed place is required. */
  signedPlaceRequired: 'Please enter the signed place',
  /** Section 8: a failed contract submission (danger alert). */
  submissionFailed: 'Something went wrong',
  /** Section 8: the contract could not be fetched, or was empty (spelt so). */
  contractFetchFailed: 'Something went wrong while fetching this books contract.',
} as const;
