import type { FastifyInstance } from 'fastify';
import { toPriceConfig, type PriceConfig } from '@pod/shared-contracts/pricing';
import type { ReferenceGroup } from '../plugins/external/db-schema.js';
import { DEMO_PRINT_OPTIONS } from './uploads.js';

/** What a demo print record costs per unit, as the wizard would compute it. */
export interface PrintUnitCosts {
  paperCostPerPage: number;
  coverCost: number;
}

/** The price list and the unit costs of the demo books' options, read from the reference tables. */
export interface DemoUnitCosts {
  prices: PriceConfig;
  local: PrintUnitCosts;
  international: PrintUnitCosts;
}

/**
 * Reads the costs the demo library is priced with from the database (prices, reference_options),
 * the same rows the wizard prices with: the seed keeps no copy of a number that could drift from
 * them. A missing option is an error: the migrations put them there.
 */
export async function loadUnitCosts(app: FastifyInstance): Promise<DemoUnitCosts> {
  const repository = app.referenceDataRepository;
  const unitCost = async (group: ReferenceGroup, id: number): Promise<number> => {
    const option = await repository.findOption(group, id);
    if (!option || option.unit_cost === null) throw new Error(`seed: reference option ${group} ${id} has no unit cost`);
    return Number(option.unit_cost);
  };
  const { local, international } = DEMO_PRINT_OPTIONS;
  return {
    prices: toPriceConfig(await repository.priceConfig()),
    local: {
      paperCostPerPage: await unitCost('localPaperTypes', local.paperTypeId),
      coverCost: await unitCost('localBookTypes', local.coverTypeId),
    },
    international: {
      paperCostPerPage: await unitCost('internationalPaperTypes', international.paperTypeId),
      coverCost: await unitCost('internationalBookTypes', international.coverTypeId),
    },
  };
}
