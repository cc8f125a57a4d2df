import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../html.js';

/**
 * The sandbox pages: plain, accessible HTML with the provider's heading, a summary and a Pay and a
 * Cancel button, sent with headers that let no script run.
 */
/**
 * No script may run on a sandbox page and nothing is loaded from elsewhere. `form-action` is left
 * open on purpose: the forms post here, but the answer redirects to the merchant's return URL on
 * another origin, which browsers check against form-action too.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; line-height: 1.5; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #c9ced6; border-radius: .5rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .note { color: #4a5263; font-size: .95rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: .3rem; border: 1px solid #1d2330; background: #fff; color: #1d2330; cursor: pointer; }
  button[value="pay"], button[value="approve"] { background: #0b57d0; border-color: #0b57d0; color: #fff; }
  button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  [role="alert"] { border-left: 4px solid #b3261e; padding-left: .75rem; }
`;

/** A whole page; `content` is HTML whose interpolated values the caller escaped. */
export function renderPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

/** A definition list of label/value rows, every value escaped. */
export function renderSummary(rows: Array<[string, string]>): string {
  const items = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`);
  return `<dl>\n${items.join('\n')}\n</dl>`;
}

/** Hidden inputs, every name and value escaped. */
export function renderHidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** The Pay/Cancel pair: two submit buttons of one form, the choice sent as `decision`. */
export function renderDecision(pay: { value: string; label: string }): string {
  return `<div class="actions">
<button type="submit" name="decision" value="${escapeHtml(pay.value)}">${escapeHtml(pay.label)}</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>`;
}

/** The page for a refused or impossible request: the provider's heading and the problem. */
export function renderProblem(provider: string, title: string, problem: string): string {
  return renderPage(
    `${provider}: ${title}`,
    `<h1>${escapeHtml(provider)}</h1>
<h2>${escapeHtml(title)}</h2>
<p role="alert">${escapeHtml(problem)}</p>`,
  );
}

/** The page for an outcome without a way back to the merchant (no return URL was given). */
export function renderOutcome(provider: string, title: string, message: string): string {
  return renderPage(
    `${provider}: ${title}`,
    `<h1>${escapeHtml(provider)}</h1>
<h2>${escapeHtml(title)}</h2>
<p role="status">${escapeHtml(message)}</p>`,
  );
}

/**
 * Sends a page. The card checkout is shown in an iframe popup by the portal, so it may be framed;
 * the other pages may not.
 */
export function sendPage(reply: FastifyReply, status: number, html: string, options: { framable?: boolean } = {}) {
  const policy = options.framable ? CONTENT_SECURITY_POLICY : `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}
