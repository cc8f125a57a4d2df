import sharedConstants from '@pod/shared-contracts/constants';

/**
 * The server's door to `@pod/shared-contracts/constants`: the business constants the front ends
 * show (support address, VAT...), so both sides agree. Imported through the default export for
 * the reason given in validation.ts (the package loads as CommonJS under Node).
 */
export const { SUPPORT_EMAIL, VAT_RATE } = sharedConstants;
