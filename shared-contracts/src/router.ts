/**
 * The router of the portal: exactly the parts of react-router-dom the apps use, re-exported by
 * the package root (`import { Link, useNavigate } from '@pod/shared-contracts'`). This is the
 * only module that imports react-router-dom; the lint rule keeps it so.
 *
 * Why: a shared module of Module Federation keeps all of its code, since the build cannot know
 * what another app will take from it. react-router-dom shared whole was the largest script of
 * /login (51 KiB compressed: data routers, server rendering, RSC). As part of this singleton
 * there is still one router context for the page, and webpack keeps only what these exports
 * reach. An app that needs another part of react-router-dom adds it here.
 */
export {
  BrowserRouter,
  createRoutesFromChildren,
  Link,
  matchPath,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useSearchParams,
} from 'react-router-dom';
