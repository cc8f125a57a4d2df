import { REMOTE_NAMES, type RemoteName } from '@pod/shared-contracts';

/** One QA version pin: load this version of the remote instead of the environment's. */
export interface Pin {
  remote: RemoteName;
  version: string;
}

/** What {@link parsePins} made of a `pin` query value. */
export interface ParsedPins {
  /** Valid pins, one per remote (a later item for the same remote wins), in first-seen order. */
  pins: Pin[];
  /** One readable sentence per ignored item. */
  errors: string[];
}

/** `1.3.0`, `2.0.1-rc.1`: the versions a deployment is published under. */
const VERSION = /^\d+\.\d+\.\d+(?:-[\w.]+)?$/;

/**
 * The remote a QA name means: the short name (`checkout`), the federated name
 * (`remote_checkout`) or the folder name (`remote-checkout`); case does not matter.
 */
export function remoteFromPinName(name: string): RemoteName | null {
  const normal = name.trim().toLowerCase().replace(/-/g, '_');
  const full = normal.startsWith('remote_') ? normal : `remote_${normal}`;
  return (REMOTE_NAMES as readonly string[]).includes(full) ? (full as RemoteName) : null;
}

/** The short name QA types and reads: `remote_checkout` -> `checkout`. */
export function shortRemoteName(remote: RemoteName): string {
  return remote.replace(/^remote_/, '');
}

/**
 * Parses a `pin` query value such as `checkout@1.3.0,wizard@2.0.1`. Items are separated by
 * commas (spaces around them are ignored); an item naming an unknown remote or a version that
 * is not `major.minor.patch[-pre]` is ignored with a readable error.
 */
export function parsePins(value: string): ParsedPins {
  const byRemote = new Map<RemoteName, string>();
  const errors: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const at = item.lastIndexOf('@');
    if (at <= 0) {
      errors.push(`Ignored pin "${item}": write it as remote@version, e.g. checkout@1.3.0`);
      continue;
    }
    const remote = remoteFromPinName(item.slice(0, at));
    const version = item.slice(at + 1).trim();
    if (!remote) {
      errors.push(`Ignored pin "${item}": unknown remote`);
    } else if (!VERSION.test(version)) {
      errors.push(`Ignored pin "${item}": "${version}" is not a version like 1.3.0`);
    } else {
      byRemote.set(remote, version);
    }
  }
  return { pins: [...byRemote].map(([remote, version]) => ({ remote, version })), errors };
}

/** One pin as QA writes it: `checkout@1.3.0`. */
export function formatPin(pin: Pin): string {
  return `${shortRemoteName(pin.remote)}@${pin.version}`;
}

/** Pins as a `pin` query value (and as the badge lists them): `checkout@1.3.0,wizard@2.0.1`. */
export function formatPins(pins: readonly Pin[], separator = ','): string {
  return pins.map(formatPin).join(separator);
}
