/**
 * Whether the portal supports the browser behind `userAgent`: Chrome, Firefox, Edge or
 * Safari (account-area.md section 4), on desktop or mobile. Browsers built on Chromium or
 * WebKit that name themselves (Opera, Samsung Internet, Yandex, UC, Vivaldi...) and the
 * retired ones (Internet Explorer, legacy Edge) are not. Pure, so it is tested on strings.
 */
export function isSupportedBrowser(userAgent: string): boolean {
  const ua = userAgent;
  if (/\b(OPR|Opera|OPT|OPiOS|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi|Brave|DuckDuckGo|Edge)\//.test(ua))
    return false;
  if (/\bMSIE\b|\bTrident\b/.test(ua)) return false;
  if (/\b(Edg|EdgA|EdgiOS)\//.test(ua)) return true;
  if (/\b(Firefox|FxiOS)\//.test(ua)) return true;
  // Headless Chrome (the e2e journeys) counts as Chrome.
  if (/\b(HeadlessChrome|Chrome|CriOS)\//.test(ua)) return true;
  // Safari says "Version/x Safari/y"; in-app WebKit views carry Safari/ without Version/.
  return /\bVersion\/[\d.]+.*\bSafari\//.test(ua) && !/\b(Chromium|Android)\b/.test(ua);
}
