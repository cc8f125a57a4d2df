import { createContext, useContext } from 'react';
import type { PdfRenderer } from '@pod/shared-contracts';

/**
 * The PDF engine of this remote's viewers and previews: undefined (the default) lets PdfViewer
 * load pdfjs-dist; tests provide a fake one here, since jsdom has no canvas to draw on.
 */
export const PdfRendererContext = createContext<PdfRenderer | undefined>(undefined);

/** The PDF engine to hand PdfViewer / PdfPreview (undefined: pdfjs-dist). */
export function usePdfRenderer(): PdfRenderer | undefined {
  return useContext(PdfRendererContext);
}
