import type { UploadOutcome } from './use-chunked-uploads';

/**
 * Runs uploads in lanes: the lanes side by side, the files of a lane one after another (spec
 * section 4: files are queued; a print book's cover and book run together). A failed file
 * does not hold back the next one of its lane; a stopped one (Back, another file) ends it.
 * Resolves with each started file's outcome.
 */
export async function runLanes(
  start: (id: string) => Promise<UploadOutcome>,
  lanes: readonly (readonly string[])[],
): Promise<[string, UploadOutcome][]> {
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const outcomes: [string, UploadOutcome][] = [];
      for (const id of lane) {
        const outcome = await start(id);
        outcomes.push([id, outcome]);
        if (outcome.status === 'stopped') break;
      }
      return outcomes;
    }),
  );
  return results.flat();
}
