import type { BookFormat } from '@pod/shared-contracts';
import type { Stage } from '../../lib/stages';
import type { DetailsPage } from './book-draft';

/**
 * The stage (route) of each book-details page: page 1 is general-info; page 2 is the calculator
 * of the format (the spec's entry points: calculator for print, e-book, audio-book); page 3 is
 * confirm-details.
 */
export function detailsPageStage(page: DetailsPage, format: BookFormat | undefined): Stage {
  if (page === 1) return 'general-info';
  if (page === 3) return 'confirm-details';
  if (format === 'ebook') return 'e-book';
  if (format === 'audiobook') return 'audio-book';
  return 'calculator';
}
