import type { PdfRenderer } from '../ui/pdf-viewer';

/**
 * The PDF engine of the viewers: pdfjs-dist, imported only when a viewer opens so that the
 * library (and its worker, emitted by webpack as an asset through `new URL(...,
 * import.meta.url)`) never weighs on a page that shows no PDF. A subpath of its own, outside
 * the shared root: only the apps that import it (remote-account, remote-library, remote-wizard)
 * carry pdf.js in their dist.
 */
export const pdfjsRenderer: PdfRenderer = async (data) => {
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerSrc) {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
  }
  // isEvalSupported false: pdf.js would otherwise probe and use new Function (font paths,
  // PostScript functions), which the portal's Content-Security-Policy forbids.
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
  let running: { cancel: () => void } | null = null;
  return {
    numPages: pdf.numPages,
    async renderPage(pageNumber, canvas) {
      running?.cancel();
      const page = await pdf.getPage(pageNumber);
      const natural = page.getViewport({ scale: 1 });
      const available = canvas.parentElement?.clientWidth || natural.width;
      const ratio = globalThis.devicePixelRatio || 1;
      const cssScale = Math.min(2, available / natural.width);
      const viewport = page.getViewport({ scale: cssScale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      const task = page.render({ canvas, viewport });
      running = task;
      try {
        await task.promise;
      } catch (error) {
        // A newer page cancelled this one: not a failure.
        if ((error as { name?: string }).name !== 'RenderingCancelledException') throw error;
      } finally {
        if (running === task) running = null;
      }
    },
    destroy() {
      running?.cancel();
      void pdf.destroy();
    },
  };
};
