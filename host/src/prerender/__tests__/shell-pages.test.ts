import { isShellHidden, matchAppRoute } from '@pod/shared-contracts';
import { SIDEBAR_LINKS } from '../../shell/sidebar';
import shellPages from '../shell-pages.json';

// The pre-rendered signed-in pages (webpack.config.js writes shell-<path>.html from these) must
// show what the shell shows: its sidebar links, on pages that have the shell. Their headings are
// held to each screen's real heading by e2e/tests/first-paint.spec.ts.
describe('shell-pages.json', () => {
  it("lists the sidebar's links, in its order", () => {
    expect(shellPages.links).toEqual(SIDEBAR_LINKS.map(({ to, label }) => ({ to, label })));
  });

  it("names only remotes' pages that show the shell, each with a heading", () => {
    for (const [pagePath, title] of Object.entries(shellPages.pages)) {
      expect(matchAppRoute(pagePath)?.owner).toMatch(/^remote_/);
      expect(isShellHidden(pagePath)).toBe(false);
      expect(pagePath).toMatch(/^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/);
      expect(title.trim()).not.toBe('');
    }
  });
});
