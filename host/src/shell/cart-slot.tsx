import { Suspense } from 'react';
import { useRemoteLoader, type RemoteLoader } from '../federation/remote-loader';
import { RemoteBoundary } from '../federation/remote-boundary';

function CartDropdown({ loader }: { loader: RemoteLoader }) {
  const Dropdown = loader.component<Record<string, never>>('remote_checkout', './CartDropdown');
  return <Dropdown />;
}

/** The top bar's cart: remote_checkout's `./CartDropdown`, behind its own small boundary. */
export function CartSlot() {
  const loader = useRemoteLoader();
  return (
    <RemoteBoundary
      label="Cart"
      variant="inline"
      remote="remote_checkout"
      onRetry={() => loader.reset('remote_checkout', './CartDropdown')}
    >
      <Suspense fallback={null}>
        <CartDropdown loader={loader} />
      </Suspense>
    </RemoteBoundary>
  );
}
