import type { FastifyInstance } from 'fastify';
import type { PriceConfig } from '@pod/shared-contracts/pricing';
import type { BookSizeRow, ReferenceOptionRow } from '../../plugins/external/db-schema.js';
import type { ServiceHandlers } from '../types.js';
import type { BookPricing } from './pricing.js';

/** The public price configuration (portal.yaml Prices): every constant the browser's engine needs. */
export function toPricesView(config: PriceConfig) {
  return { ...config, ebook: { conversionFixed: config.ebook.conversionFixed, uploadFee: config.ebook.uploadFee } };
}

/** portal.yaml QuoteResource: one option tagged by its group. */
function toQuoteResource(option: ReferenceOptionRow) {
  if (option.group_name === 'genres') {
    return {
      id: option.id,
      SubjectHeading: option.subject_heading ?? option.name,
      bisac: option.bisac ?? '',
      group: option.group_name,
    };
  }
  const unitCost = option.unit_cost === null ? null : Number(option.unit_cost);
  return { id: option.id, name: option.name, maxPage: option.max_page, unitCost, group: option.group_name };
}

function toSizeResource(size: BookSizeRow) {
  return {
    id: size.id,
    name: size.name,
    height: size.height_mm,
    width: size.width_mm,
    template: size.template,
    orientation: size.orientation,
    isLocal: size.is_local,
    isInternational: size.is_international,
    group: 'sizes' as const,
  };
}

/** The wizard's shared loaders: options (paper, cover, genres, sizes), prices, voice-over artists. */
export function createWizardLoaders(app: FastifyInstance, pricing: BookPricing) {
  const { referenceDataRepository } = app;
  return {
    async getQuoteInfo() {
      const [options, sizes] = await Promise.all([
        referenceDataRepository.listOptions(),
        referenceDataRepository.listSizes(),
      ]);
      return { statusCode: 0, results: [...options.map(toQuoteResource), ...sizes.map(toSizeResource)] };
    },

    async getPricingList() {
      return { statusCode: 0, results: [toPricesView(await pricing.priceConfig())] };
    },

    async getAllVoiceoverArtists() {
      const artists = await referenceDataRepository.listVoiceArtists();
      return {
        statusCode: 0,
        results: artists.map(({ id, name, gender, nationality, sample_url }) => ({
          id,
          name,
          gender,
          nationality,
          sample_url,
        })),
      };
    },
  } satisfies ServiceHandlers;
}
