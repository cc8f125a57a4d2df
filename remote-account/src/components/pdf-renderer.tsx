import { createContext, useContext } from 'react';
import type { PdfRenderer } from '@pod/shared-contracts';
import { pdfjsRenderer } from '@pod/shared-contracts/pdfjs';

/**
 * The PDF engine of this remote's viewers and previews: undefined (the default) means
 * pdfjs-dist; tests provide a fake one here, since jsdom has no canvas to draw on.
 */
export const PdfRendererContext = createContext<PdfRenderer | undefined>(undefined);

/** The PDF engine to hand PdfViewer / PdfPreview: the test's, else pdfjs-dist. */
export function usePdfRenderer(): PdfRenderer {
  return useContext(PdfRendererContext) ?? pdfjsRenderer;
}
