import {
  SessionGate,
  setCurrentUser,
  type CartPanelProps,
  type ChatPanelProps,
  type User,
  useLocation,
} from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import { App } from '../app';
import { createRemoteLoader, type ModuleImporter } from '../federation/remote-loader';
import { createTabGuard, type TabGuard } from '../tab-guard/tab-guard';
import { MemoryStorage } from './memory-storage';

/** A signed-in user as the session stores it. */
export const THANDI = {
  id: 7,
  email: 'thandi@example.co.za',
  name_first: 'Thandi',
  name_last: 'Nkosi',
  balance: 1250,
} as User;

/** A fake of remote_account's `./ChatPanel`: the dialog and its close button. */
function FakeChatPanel({ id, open, onClose }: ChatPanelProps) {
  return (
    <section id={id} role="dialog" aria-label="Support chat" hidden={!open}>
      <button type="button" onClick={onClose}>
        Close chat
      </button>
    </section>
  );
}

/** remote_checkout's cart panel, faked: a Checkout button that closes it. */
function FakeCartPanel({ onClose }: CartPanelProps) {
  return (
    <button type="button" onClick={onClose}>
      Checkout
    </button>
  );
}

/** A fake remote App: a screen with one heading naming the remote and the path. */
export function fakeRemoteModules(): ModuleImporter {
  return async (id) => {
    if (id === 'remote_checkout/CartPanel') return { default: FakeCartPanel };
    if (id === 'remote_account/ChatPanel') return { default: FakeChatPanel };
    const Screen = () => (
      <h1>
        {id} at {useLocation().pathname}
      </h1>
    );
    return { default: Screen };
  };
}

/** A tab guard on storages of its own, so tests never see each other's tabs. */
export function isolatedTabGuard(): TabGuard {
  return createTabGuard({
    local: new MemoryStorage(),
    session: new MemoryStorage(),
    events: new EventTarget() as unknown as Window,
  });
}

/** Options of {@link renderApp}. */
export interface RenderAppOptions {
  /** The stored current user (none by default). */
  user?: User | null;
  importer?: ModuleImporter;
  /** This tab's guard; by default a lone tab. */
  tabGuard?: TabGuard;
}

/** Renders the whole portal as bootstrap does (session gate included) at `path`, with or without a stored user, on fake remotes. */
export function renderApp(
  path: string,
  { user = null, importer = fakeRemoteModules(), tabGuard = isolatedTabGuard() }: RenderAppOptions = {},
) {
  setCurrentUser(user);
  return renderWithProviders(
    <SessionGate>
      <App loader={createRemoteLoader(importer)} tabGuard={tabGuard} />
    </SessionGate>,
    { route: path, probe: true },
  );
}
