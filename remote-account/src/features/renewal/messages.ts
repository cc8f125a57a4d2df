/** The re-sign screen's words (account-area.md Screens 'Renewal / resign contract', sections 5 and 8). */
export const RENEWAL_MESSAGES = {
  /** The screen's heading, as the specification gives its title. */
  heading: 'There were changes to your contract for books',
  /** Section 8: the success alert, {title} the book's title. */
  resigned: (title: string) => `Contract for book ${title} re-signed successfully.`,
  /** Section 8: the failure (danger) alert. */
  failed: 'Failed to re-sign contract',
  /** Section 8: a contract that cannot be shown (missing or unreadable), spelt so. */
  contractUnavailable: 'Something went wrong while fetching this books contract.',
  /** Section 5 requires the signed place; the wording is the wizard's for the same field. */
  signedPlaceRequired: 'Please enter the signed place',
  /** Section 5 requires the initials; the specification gives no wording. */
  initialsRequired: 'Please draw your initials',
  /** Shown while the list is empty, just before the move to /dashboard. */
  nothingToResign: 'There are no contracts left to re-sign. Taking you to your dashboard…',
} as const;
