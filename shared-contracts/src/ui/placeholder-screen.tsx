import { useDocumentTitle } from './use-document-title';

/** A screen still to be built: its heading and document title, so routing is real today. */
export function PlaceholderScreen({ title, heading = title }: { title: string; heading?: string }) {
  useDocumentTitle(title);
  return (
    <>
      <h1>{heading}</h1>
      <p>This screen is on its way.</p>
    </>
  );
}
