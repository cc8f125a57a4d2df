import { client, unwrap, type components } from '@pod/shared-contracts';

/** The cover geometry of a print book (portal.yaml CoverSpec), in millimetres. */
export type CoverSpec = components['schemas']['CoverSpec'];
export type TemplateType = 'pdf' | 'png';

/** The upload's records, as the draft keeps them after the quote. */
export interface BookIds {
  localBookId: number | null;
  internationalBookId: number | null;
}

const pairQuery = ({ localBookId, internationalBookId }: BookIds) => ({
  ...(localBookId !== null ? { local_bookId: localBookId } : {}),
  ...(internationalBookId !== null ? { international_bookId: internationalBookId } : {}),
});

/** Spine width and full cover size: GET /user/coverspec. Throws ApiError. */
export async function getCoverSpec(ids: BookIds): Promise<CoverSpec> {
  return unwrap(await client.GET('/user/coverspec', { params: { query: pairQuery(ids) } }));
}

/** The file name of a Content-Disposition header, or null. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * The cover template as a file, through the typed client (so with the bearer token): GET
 * /user/covertemplate?type=pdf|png. Answers the bytes and the server's file name. Throws ApiError.
 */
export async function getCoverTemplate(ids: BookIds, type: TemplateType): Promise<{ blob: Blob; fileName: string }> {
  const result = await client.GET('/user/covertemplate', {
    params: { query: { ...pairQuery(ids), type } },
    parseAs: 'blob',
  });
  const blob = unwrap(result) as Blob;
  const fileName = attachmentName(result.response.headers.get('Content-Disposition')) ?? `cover-template.${type}`;
  return { blob, fileName };
}
