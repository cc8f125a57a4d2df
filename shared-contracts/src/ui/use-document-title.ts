import { useEffect } from 'react';
import { DOCUMENT_TITLE_PREFIX } from '../constants';

/**
 * Sets the document title to 'Print on Demand | {title}' while the calling screen is shown.
 * Screens call it once at their top: `useDocumentTitle('Login')`.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${DOCUMENT_TITLE_PREFIX} ${title}`;
  }, [title]);
}
