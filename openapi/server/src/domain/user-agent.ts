/**
 * A User-Agent header summarised for people ("Chrome 126 on Windows"), for the login
 * notification. Only the common browsers and systems are named; anything else reads as an
 * unknown browser rather than a guess. The header is the client's own claim: the mail says
 * what the browser said it was.
 */

/** Checked in order: Edge, Opera and Samsung Internet also carry "Chrome", Chrome carries "Safari". */
const BROWSERS: { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\// },
];

const SYSTEMS: { name: string; pattern: RegExp }[] = [
  { name: 'iPhone', pattern: /\biPhone\b/ },
  { name: 'iPad', pattern: /\biPad\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'macOS', pattern: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'Linux', pattern: /\bLinux\b/ },
];

/** The longest header read: nothing a person needs is further in. */
const MAX_HEADER = 512;

export function describeBrowser(userAgent: string | undefined): string {
  const header = (userAgent ?? '').slice(0, MAX_HEADER);
  const browser = BROWSERS.map(({ name, pattern }) => {
    const match = pattern.exec(header);
    return match ? `${name} ${match[1]}` : undefined;
  }).find((found) => found !== undefined);
  const system = SYSTEMS.find(({ pattern }) => pattern.test(header))?.name;
  if (!browser) return system ? `An unknown browser on ${system}` : 'An unknown browser';
  return system ? `${browser} on ${system}` : browser;
}
