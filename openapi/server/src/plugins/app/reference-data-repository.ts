import type { Kysely } from 'kysely';
import type {
  BookSizeRow,
  Database,
  ReferenceGroup,
  ReferenceOptionRow,
  VoiceArtistRow,
} from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    referenceDataRepository: ReferenceDataRepository;
  }
}

/** The wizard's reference data (migrations 003 and 008): options, sizes, voice-over artists, prices. */
export interface ReferenceDataRepository {
  listOptions(): Promise<ReferenceOptionRow[]>;
  findOption(group: ReferenceGroup, id: number): Promise<ReferenceOptionRow | undefined>;
  /** A genre by BISAC code or subject heading (case-insensitive). */
  findGenre(text: string): Promise<ReferenceOptionRow | undefined>;
  listVoiceArtists(): Promise<VoiceArtistRow[]>;
  /** The standard book sizes in display order. */
  listSizes(): Promise<BookSizeRow[]>;
  /** The stored price configuration (jsonb), undefined when the row is missing. */
  priceConfig(): Promise<Record<string, unknown> | undefined>;
}

const GROUP_ORDER = [
  'localPaperTypes',
  'localBookTypes',
  'internationalPaperTypes',
  'internationalBookTypes',
  'genres',
];

export function createReferenceDataRepository(db: Kysely<Database>): ReferenceDataRepository {
  return {
    async listOptions() {
      const rows = await db.selectFrom('reference_options').selectAll().orderBy('sort_order').orderBy('id').execute();
      return rows.sort((a, b) => GROUP_ORDER.indexOf(a.group_name) - GROUP_ORDER.indexOf(b.group_name));
    },

    async findOption(group, id) {
      return db
        .selectFrom('reference_options')
        .selectAll()
        .where('group_name', '=', group)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findGenre(text) {
      const wanted = text.trim().toLowerCase();
      return db
        .selectFrom('reference_options')
        .selectAll()
        .where('group_name', '=', 'genres')
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['bisac']), '=', wanted), eb(eb.fn('lower', ['subject_heading']), '=', wanted)]),
        )
        .executeTakeFirst();
    },

    async listVoiceArtists() {
      return db.selectFrom('voice_artists').selectAll().orderBy('id').execute();
    },

    async listSizes() {
      return db.selectFrom('book_sizes').selectAll().orderBy('sort_order').orderBy('id').execute();
    },

    async priceConfig() {
      const row = await db.selectFrom('prices').select('config').where('id', '=', 1).executeTakeFirst();
      return row?.config;
    },
  };
}

/**
 * A view of `repository` that reads each option, genre and the price configuration at most once:
 * for one bulk batch, which prices up to 100 rows against the same reference data (and so prices
 * them all against one version of it).
 */
export function memoizeReferenceData(repository: ReferenceDataRepository): ReferenceDataRepository {
  const options = new Map<string, Promise<ReferenceOptionRow | undefined>>();
  const genres = new Map<string, Promise<ReferenceOptionRow | undefined>>();
  let config: Promise<Record<string, unknown> | undefined> | undefined;
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    let found = cache.get(key);
    if (!found) {
      found = read();
      cache.set(key, found);
    }
    return found;
  };
  return {
    ...repository,
    findOption: (group, id) => once(options, `${group}:${id}`, () => repository.findOption(group, id)),
    findGenre: (text) => once(genres, text.trim().toLowerCase(), () => repository.findGenre(text)),
    priceConfig: () => (config ??= repository.priceConfig()),
  };
}

export default fp(
  async (app) => {
    app.decorate('referenceDataRepository', createReferenceDataRepository(app.db));
  },
  { name: 'reference-data-repository', dependencies: ['db'] },
);
