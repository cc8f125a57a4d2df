import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@pod/shared-contracts';

/** `/tab-error`: shown when a second tab is active (the tab guard itself comes later). */
export function TabErrorScreen() {
  useDocumentTitle('Important Notice');
  return (
    <>
      <h1>Important Notice: Data Integrity and Security</h1>
      <p>
        The portal is already open in another tab of this browser. To protect your data, each book upload
        needs its own session: please continue in the tab you opened first and close this one.
      </p>
      <p>
        <Link to="/dashboard">Go to the dashboard</Link>
      </p>
    </>
  );
}
