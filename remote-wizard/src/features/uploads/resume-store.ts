/**
 * Where a chunked upload stands, remembered in local storage per file so that choosing the
 * same file again (after a reload, a closed tab or a dropped connection) continues from the
 * piece the server expects next instead of sending the finished pieces again.
 */

/** The prefix of every remembered upload (not calc_: a draft clean-up need not forget it, the key names the book). */
export const RESUME_PREFIX = 'upload_next_';

/** What identifies one file's upload: the book pair, the kind of file and the file itself. */
export interface ResumeIdentity {
  localBookId: number | null;
  internationalBookId: number | null;
  /** 'book', 'cover', 'thumbnail' or 'audio'. */
  kind: string;
  name: string;
  size: number;
  lastModified: number;
}

/** The remembered next piece of an upload: read, write, forget. */
export interface ResumeStore {
  read: (key: string) => number | null;
  write: (key: string, nextIndex: number) => void;
  forget: (key: string) => void;
}

/** The storage key of one file's upload. */
export function resumeKey({
  localBookId,
  internationalBookId,
  kind,
  name,
  size,
  lastModified,
}: ResumeIdentity): string {
  return `${RESUME_PREFIX}${localBookId ?? 0}-${internationalBookId ?? 0}:${kind}:${size}:${lastModified}:${name}`;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled: an upload resumes only within the page
  }
}

/** The remembered uploads in local storage (a value that is not a whole number reads as none). */
export const localResumeStore: ResumeStore = {
  read(key) {
    const raw = storage()?.getItem(key);
    const value = raw == null ? NaN : Number(raw);
    return Number.isInteger(value) && value >= 0 ? value : null;
  },
  write(key, nextIndex) {
    try {
      storage()?.setItem(key, String(nextIndex));
    } catch {
      // Storage full: the upload goes on; only a later resume would start from the server's word.
    }
  },
  forget(key) {
    storage()?.removeItem(key);
  },
};
