import type { QuoteResource } from '@pod/shared-contracts';

/** One genre as the two-level picker shows it: subject heading, then sub-category. */
export interface GenreChoice {
  /** The genre's id, as the form keeps it (select values are text). */
  id: string;
  /** 'FICTION' of 'FICTION / Romance / General'. */
  heading: string;
  /** 'Romance / General' of 'FICTION / Romance / General' ('General' when none follows). */
  subCategory: string;
  /** The BISAC code, shown with the sub-category. */
  bisac: string;
}

/**
 * The genres of GET /user/quoteinfo's `results` (group `genres`) split into subject heading and
 * sub-category at the first ' / ' (portal.yaml's Genre: the server sends one combined text).
 */
export function genreChoices(resources: readonly QuoteResource[]): GenreChoice[] {
  const choices: GenreChoice[] = [];
  for (const resource of resources) {
    if (resource.group !== 'genres' || !('SubjectHeading' in resource)) continue;
    const [heading = '', ...rest] = String(resource.SubjectHeading).split(' / ');
    choices.push({
      id: String(resource.id),
      heading: heading.trim(),
      subCategory: rest.join(' / ').trim() || 'General',
      bisac: String(resource.bisac),
    });
  }
  return choices;
}

/** The distinct subject headings, in the server's order. */
export function subjectHeadings(choices: readonly GenreChoice[]): string[] {
  return [...new Set(choices.map((choice) => choice.heading))];
}
