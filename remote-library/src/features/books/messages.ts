/** The library's sentences from account-area.md sections 2, 4 and 8, word for word. */
export const BOOK_MESSAGES = {
  empty: "You haven't uploaded any books yet",
  cancelled: 'This book has been cancelled',
  noThumbnail: 'No thumbnail image was uploaded for this book',
  archiveSuccess: 'Your book has been cancelled successfully.',
  archiveFailure: 'Something went wrong, while trying to archive your book.',
  deleteSuccess: 'Your book has been deleted successfully.',
  deleteFailure: 'Something went wrong, while trying to delete your book.',
  contractFailure: 'Something went wrong while fetching this books contract.',
} as const;

/** Sentences the specification does not give (a book's own address is this portal's addition). */
export const BOOK_ROUTE_MESSAGES = {
  notInLibrary: 'This book is not in your library.',
  backToBooks: 'Back to books',
  /** The print proof (GET /user/printproof) could not be built or fetched. */
  proofFailure: 'The print proof could not be made just now. Please try again later.',
} as const;
