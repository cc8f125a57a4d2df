import type { ServiceHandlers } from './types.js';

/**
 * Handlers for the wizard operations implemented so far: the shared loaders ("resources",
 * "prices", "voiceArtists"), empty in the contract's shape until the option tables, the price
 * configuration and voice-over artists come with the wizard issue.
 */
export function createWizardService() {
  return {
    async getQuoteInfo() {
      return { statusCode: 0, results: [] };
    },

    async getPricingList() {
      return { statusCode: 0, results: [] };
    },

    async getAllVoiceoverArtists() {
      return { statusCode: 0, results: [] };
    },
  } satisfies ServiceHandlers;
}
