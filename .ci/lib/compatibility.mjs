// Whether a remote's build can run under the host published in a static root (issue 19): checked
// by `deploy` before anything is copied, so an incompatible remote is refused before any user
// loads it. The host's runtime check (host/src/federation/contract-check.ts) stays as the last
// line for what was published by other means.

/** The numeric core of a version: '19.2.3-rc.1' -> [19, 2, 3]; null when it is not one. */
function core(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(String(version ?? '').trim());
  return match ? match.slice(1, 4).map(Number) : null;
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Whether `version` satisfies `range`, for the ranges the portal's builds write: an exact
 * version, ^x.y.z, ~x.y.z, >=x.y.z and * (webpack writes requiredVersion from package.json).
 * A range of another form is not understood: false, so the deploy says so instead of guessing.
 */
export function satisfies(version, range) {
  const have = core(version);
  const text = String(range ?? '').trim();
  if (!have) return false;
  if (text === '*' || text === '') return true;
  const [, operator = '', rest] = /^(\^|~|>=|=)?\s*(.+)$/.exec(text) ?? [];
  const want = core(rest);
  if (!want) return false;
  const order = compare(have, want);
  switch (operator) {
    case '':
    case '=':
      return order === 0;
    case '>=':
      return order >= 0;
    case '~':
      return order >= 0 && have[0] === want[0] && have[1] === want[1];
    case '^':
      if (order < 0) return false;
      if (want[0] > 0) return have[0] === want[0];
      if (want[1] > 0) return have[0] === 0 && have[1] === want[1];
      return have[0] === 0 && have[1] === 0 && have[2] === want[2];
    default:
      return false;
  }
}

const major = (version) => core(version)?.[0];

/**
 * What keeps `remote` from running under `host`, as sentences (empty: compatible).
 * - the @pod/shared-contracts major of both builds (version.json `sharedContracts`);
 * - every shared module the host provides (its mf-manifest.json `shared`) against the version
 *   the remote requires of it: with singletons the remote gets the host's copy, and
 *   react-dom/client or react/jsx-runtime must come from the same React;
 * - the modules the host imports from this remote (the host's version.json `remoteImports`)
 *   against what the remote exposes (its mf-manifest.json `exposes`).
 * @param {{ name: string, info: Record<string, any>, manifest: Record<string, any> }} remote
 * @param {{ info: Record<string, any>, manifest: Record<string, any> }} host
 * @returns {string[]}
 */
export function compatibilityProblems(remote, host) {
  const problems = [];
  const remoteContracts = remote.info.sharedContracts;
  const hostContracts = host.info.sharedContracts;
  if (major(remoteContracts) === undefined || major(remoteContracts) !== major(hostContracts)) {
    problems.push(
      `it was built against @pod/shared-contracts ${remoteContracts ?? '(unknown)'}, the host runs ${hostContracts ?? '(unknown)'}: another major`,
    );
  }
  const provided = new Map((host.manifest.shared ?? []).map((shared) => [shared.name, shared]));
  for (const shared of remote.manifest.shared ?? []) {
    const hostCopy = provided.get(shared.name);
    if (!hostCopy || !shared.requiredVersion) continue;
    if (!satisfies(hostCopy.version, shared.requiredVersion)) {
      problems.push(`it requires ${shared.name} ${shared.requiredVersion}, the host provides ${hostCopy.version}`);
    }
  }
  const exposed = new Set((remote.manifest.exposes ?? []).map((expose) => expose.path));
  for (const wanted of host.info.remoteImports?.[remote.name] ?? []) {
    if (!exposed.has(wanted)) problems.push(`it does not expose ${wanted}, which the host imports`);
  }
  return problems;
}
