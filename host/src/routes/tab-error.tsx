import { useDocumentTitle, Link } from '@pod/shared-contracts';

/** Where the tab guard sends a second tab. */
export const TAB_ERROR_PATH = '/tab-error';

/**
 * `/tab-error`: the notice a second tab of the portal shows. 'Try again' loads the portal
 * afresh (a full page load), so the tab guard decides again: once the other tab is closed,
 * this one takes over.
 */
export function TabErrorScreen() {
  useDocumentTitle('Important Notice');
  return (
    <>
      <h1>Important Notice: Data Integrity and Security</h1>
      <p>
        The portal is already open in another tab of this browser. Each book upload needs its own session tab: working
        in two tabs at once could mix up or lose the details of your uploads.
      </p>
      <p>Please continue in the other tab, or close it and then try again here.</p>
      <p>
        <Link to="/" reloadDocument>
          Try again
        </Link>
      </p>
    </>
  );
}
