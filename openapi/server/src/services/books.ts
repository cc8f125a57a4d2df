import type { ServiceHandlers } from './types.js';

/**
 * Handlers for the books operations of portal.yaml implemented so far: the shared loaders the
 * front end calls once user_status is 1. They answer empty lists in the contract's shape; the
 * real data comes with the library issue (book records, contracts, re-signing).
 */
export function createBooksService() {
  return {
    async getUserBooks() {
      return { statusCode: 0, localBooks: [], internationalBooks: [] };
    },

    /**
     * Nothing to re-sign while no book exists. portal.yaml's "an empty list sets user_status back
     * to 1" arrives with the books: nothing sets user_status 2 before then.
     */
    async getBooksRenewal() {
      return { statusCode: 0, results: [] };
    },
  } satisfies ServiceHandlers;
}
