// The chunked upload of a large book PDF through the portal's own client code: the wizard's
// upload screen in Chromium (remote-wizard/src/features/uploads: MD5 in a Web Worker, pieces of
// 1,024,000 bytes to POST /session/v2/packet) against the bench server over loopback, with the
// server process's resident memory sampled from /proc while it runs.
//
// Playwright walks the wizard to the upload screen, then lets go of the browser before the file
// is chosen: every DevTools session with the Network domain on (Playwright's always is) gets
// each request body in full, as text and as base64, in Network.requestWillBeSent, and a 1 MB
// POST then took about 450 ms instead of about 12 ms (e2e/bench/not-met.md, 28 November 2026).
// The upload itself is driven over a DevTools pipe of our own that never turns that domain on:
// the file chosen with DOM.setFileInputFiles (what setInputFiles sends), the rest read from the
// page, which clicks 'Upload files' as a person would once it can.
// MB here is 10^6 bytes, as in issue 18's "200 MB" and "40 MB/s"; /proc counts kB of 1,024 bytes.
/* global document, window, MutationObserver */
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './paths.mjs';

export const MB = 1_000_000;

const POINTS_PER_MM = 72 / 25.4;
/** The A5 paperback the bench quotes (as the upload journeys do, e2e/tests/support/wizard.ts). */
export const UPLOAD_BOOK = { pages: 24, widthMm: 148, heightMm: 210 };
/** Print-ready: 3 mm of bleed on every side. */
const SHEET = { widthMm: UPLOAD_BOOK.widthMm + 6, heightMm: UPLOAD_BOOK.heightMm + 6 };
/** The client's piece (remote-wizard/src/features/uploads/chunks.ts, spec section 9). */
const PIECE_BYTES = 1_024_000;
/** The preflight's verdict on a file with no problem (remote-wizard/src/features/preflight). */
const PREFLIGHT_ALL_GOOD = 'All good: your book file passed every print check.';

const num = (value) => Number(value.toFixed(3)).toString();

/**
 * Writes a print-ready book PDF of at least `bytes` bytes to `file` and answers its size: the
 * quote's 24 pages at A5 plus bleed, drawn with a filled rule only (no text, so no font to
 * embed), and on page 1 one photo whose pixels are the file's bulk: a single uncompressed RGB
 * image stream of random bytes (nothing on the way can compress it), drawn 100 mm wide, so it
 * prints at far over 300 dpi. Written in pieces: the file is never whole in memory. It passes
 * what the server checks (a '%PDF-' head, a .pdf name; the preflight's page count, trim size,
 * fonts and resolution), so the run ends at 'All good', as an author's ready file does.
 */
export async function writeBookPdf(file, bytes) {
  const pixels = Math.ceil(bytes / 3);
  const imageWidth = Math.max(1, Math.floor(Math.sqrt(pixels / 1.4)));
  const imageHeight = Math.ceil(pixels / imageWidth);
  const imageBytes = imageWidth * imageHeight * 3;
  const sheetWidth = SHEET.widthMm * POINTS_PER_MM;
  const sheetHeight = SHEET.heightMm * POINTS_PER_MM;
  const drawnWidth = 100 * POINTS_PER_MM;
  const drawnHeight = (drawnWidth * imageHeight) / imageWidth;
  const rule = `0.2 g ${num(20 * POINTS_PER_MM)} ${num(20 * POINTS_PER_MM)} ${num(sheetWidth - 40 * POINTS_PER_MM)} 4 re f\n`;
  const photo =
    `q ${num(drawnWidth)} 0 0 ${num(drawnHeight)} ${num((sheetWidth - drawnWidth) / 2)} ` +
    `${num((sheetHeight - drawnHeight) / 2)} cm /Photo Do Q\n`;

  // Objects: 1 catalog, 2 page tree, 3 the photo, 4 page 1's content, 5 the other pages' content, 6.. pages.
  const pageIds = Array.from({ length: UPLOAD_BOOK.pages }, (_, i) => 6 + i);
  const stream = (text) => `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`;
  const objects = new Map([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`],
    [4, stream(photo + rule)],
    [5, stream(rule)],
    ...pageIds.map((id, index) => [
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(sheetWidth)} ${num(sheetHeight)}] ` +
        `/Resources << /XObject << /Photo 3 0 R >> >> /Contents ${index === 0 ? 4 : 5} 0 R >>`,
    ]),
  ]);

  const handle = await open(file, 'w');
  let offset = 0;
  const offsets = [];
  const write = async (data) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    await handle.write(buffer);
    offset += buffer.length;
  };
  try {
    await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    for (const id of [1, 2]) {
      offsets[id] = offset;
      await write(`${id} 0 obj\n${objects.get(id)}\nendobj\n`);
    }
    offsets[3] = offset;
    await write(
      `3 0 obj\n<< /Type /XObject /Subtype /Image /Width ${imageWidth} /Height ${imageHeight} ` +
        `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${imageBytes} >>\nstream\n`,
    );
    const block = Buffer.alloc(8 * 2 ** 20);
    for (let left = imageBytes; left > 0; left -= block.length) {
      const part = left >= block.length ? block : block.subarray(0, left);
      randomFillSync(part);
      await write(part);
    }
    await write('\nendstream\nendobj\n');
    for (const id of [4, 5, ...pageIds]) {
      offsets[id] = offset;
      await write(`${id} 0 obj\n${objects.get(id)}\nendobj\n`);
    }
    const count = offsets.length;
    const xref = offset;
    const entries = Array.from(
      { length: count - 1 },
      (_, i) => `${String(offsets[i + 1]).padStart(10, '0')} 00000 n \n`,
    );
    await write(`xref\n0 ${count}\n0000000000 65535 f \n${entries.join('')}`);
    await write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  } finally {
    await handle.close();
  }
  return offset;
}

/** performance.now() of this process as epoch ms, the clock the page's times are given in. */
const epochNow = () => performance.timeOrigin + performance.now();

/** The resident memory of process `pid` in bytes (VmRSS of /proc/<pid>/status). */
function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no VmRSS`);
  return Number(match[1]) * 1024;
}

/**
 * Samples the resident memory of `pid` every `intervalMs` until `stop()`, which answers the
 * samples ({ at, bytes }, `at` in epoch ms, comparable with the page's times), or throws when
 * a sample failed (the server gone).
 */
export function sampleMemory(pid, intervalMs = 100) {
  const samples = [];
  let failure = null;
  const take = () => {
    try {
      samples.push({ at: epochNow(), bytes: residentBytes(pid) });
    } catch (error) {
      failure ??= error;
    }
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      if (failure) throw failure;
      return samples;
    },
  };
}

/** The largest sample taken from `from` to `to` (epoch ms), in bytes. */
const peakBetween = (samples, from, to) =>
  Math.max(...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.bytes));

/** A small PNG (8 x 8 grey) as a data URL: the signature and initials of a contract signed through the API. */
function signaturePng() {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 8, 0, 0, 0, 8, 8, 0, 0, 0, 0]);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, 40, 80, 120, 160, 200, 240, 20, 60])));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

async function postJson(origin, path, body, token) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/**
 * A local A5 print book of `title`, quoted and signed through the API as the wizard sends the
 * calls (the upload journeys' signedPrintBookThroughApi), so the library offers 'Continue Upload
 * Process' for it. Answers the local book id.
 */
export async function signedPrintBook(origin, account, title) {
  const { accessToken } = await postJson(origin, '/authO/login', { email: account.email, password: account.password });
  const { localBookId } = await postJson(
    origin,
    '/user/getquote',
    {
      book_title: title,
      no_of_pages: UPLOAD_BOOK.pages,
      format_type: 'print',
      is_local: true,
      l_paper_type_id: 1,
      l_cover_type_id: 1,
      local_price: 180,
      international_price: null,
      is_international: false,
      i_paper_type_id: null,
      i_cover_type_id: null,
      gender: null,
      nationality: null,
      isbn_is_required: true,
      barcode_is_required: false,
      isbn: '',
      spine_id: 105,
      genre: 1,
      heavy_graphics: false,
      heavyGraphics: false,
      voiceover_id: null,
      spot_uv: false,
      duplex_needed: false,
      soft_touch_matt_lamination: false,
      spiral_bound: false,
      i_duplex_covered: false,
      perforation: false,
      recording_needed: false,
      finish: 'Matt',
      bind: 'Perfect Bound',
      height: UPLOAD_BOOK.heightMm,
      width: UPLOAD_BOOK.widthMm,
    },
    accessToken,
  );
  const name = `${account.firstName} Bench`;
  await postJson(
    origin,
    '/user/uploadsignature',
    {
      local_bookId: localBookId,
      international_bookId: null,
      filedata: signaturePng(),
      initial_base64: signaturePng(),
      signed_place: 'Cape Town, South Africa',
      print_name: name,
      authors: name,
      contributors: [],
      is_self_publisher: true,
      publish_name: name,
      reg_id_no: '2024/123456/07',
      physical_address: '12 Long Street, Cape Town',
      postal_address: '12 Long Street, Cape Town',
      telephone: '+27821234567',
      email: account.email,
      contact_person: name,
      bank_name: 'Capitec Bank Limited',
      brance_code: '470010',
      branch_name: 'Cape Town',
      account_name: name,
      account_type: 'Savings',
      account_number: '1234567890',
    },
    accessToken,
  );
  return localBookId;
}

/**
 * From the library's 'Continue Upload Process' of `title` through the wizard to Upload Your
 * Files (as e2e/tests/wizard-uploads.spec.ts goes), where the book file input and the 'Upload
 * files' button get a data attribute for the part of the run that has no Playwright.
 */
async function openUploadScreen(page, origin, title) {
  const next = () => page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  // The path, then the screen's own heading: a click before it lands on the previous screen.
  const reached = async (path, heading) => {
    await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
  };
  await page.goto(`${origin}/books`);
  await page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: title }).click();
  await page.getByRole('link', { name: 'Continue Upload Process' }).click();
  await reached('/new-book/upload-type', 'Select Upload Type');
  await next();
  await reached('/new-book/metadata', 'Additional Details');
  await page.getByRole('textbox', { name: 'Author' }).fill('Benedict Bench');
  await page.getByRole('textbox', { name: 'Keyword' }).fill('bench');
  await page.getByRole('textbox', { name: 'Keyword' }).press('Enter');
  await page.getByRole('textbox', { name: 'Publication date' }).fill('01-03-2026');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('english');
  await page.getByRole('textbox', { name: 'Main description' }).fill('A book of noise, for the benchmark.');
  await page.getByRole('textbox', { name: 'Copyright holder' }).fill('Benedict Bench');
  await page.getByRole('textbox', { name: 'Copyright date' }).fill('01-01-2026');
  await page.getByRole('combobox', { name: 'Recommended audience' }).selectOption('General Trade');
  await page.getByRole('combobox', { name: 'Indicated audience warning' }).selectOption({ index: 1 });
  await next();
  await reached('/new-book/confirm-bleed-cover', 'Cover Requirements');
  await next();
  await page
    .getByRole('dialog', { name: "Are you sure you don't need the following services?" })
    .getByRole('button', { name: 'Proceed' })
    .click();
  await reached('/new-book/upload-assets', 'Upload Your Files');
  await page.getByLabel('Book file', { exact: true }).evaluate((input) => input.setAttribute('data-bench-book', ''));
  await page
    .getByRole('button', { name: 'Upload files', exact: true })
    .evaluate((button) => button.setAttribute('data-bench-start', ''));
}

/**
 * A DevTools client on Chromium's pipe (--remote-debugging-pipe: JSON messages ended by a NUL
 * byte, written to fd 3 and read from fd 4), in flat session mode: `send(method, params,
 * sessionId)`. It enables no domain by itself.
 */
function pipeClient(toBrowser, fromBrowser) {
  const pending = new Map();
  let lastId = 0;
  let buffered = '';
  let closed = null;
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (text) => {
    buffered += text;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const call = message.id === undefined ? undefined : pending.get(message.id);
      if (!call) continue;
      pending.delete(message.id);
      if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
      else call.resolve(message.result);
    }
  });
  fromBrowser.on('close', () => {
    closed = new Error('the browser closed its DevTools pipe');
    for (const call of pending.values()) call.reject(closed);
    pending.clear();
  });
  return {
    send(method, params = {}, sessionId = undefined) {
      if (closed) return Promise.reject(closed);
      return new Promise((resolve, reject) => {
        lastId += 1;
        pending.set(lastId, { method, resolve, reject });
        toBrowser.write(`${JSON.stringify({ id: lastId, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
  };
}

/**
 * Chromium (the journeys' executable and flags) with two ways in: a DevTools port that
 * Playwright connects to for the walk through the wizard, and a pipe of our own for the upload.
 */
export async function launchUploadBrowser() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'pod-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--remote-debugging-pipe',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-2000)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const cdp = pipeClient(child.stdio[3], child.stdio[4]);
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    // Its helper processes may still be writing there for a moment.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  // Chromium writes the port it listens on to the profile once it is up.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const written = await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(written.split('\n')[0]);
    if (port > 0) return { cdp, port, close };
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`Chromium did not open its DevTools port:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Installed in the page before the choice (runs there, not here): once the book file input
 * changes it clicks 'Upload files' as soon as the button takes a click, and resolves with the
 * times (epoch ms on the page's clock) of the choice (the change event), of the upload shown
 * complete (the 'Book file upload' bar at 100 and 'Uploaded': the client had the server's answer
 * to the last piece, naming the file) and of the preflight's verdict, with the packet requests
 * the page made (Resource Timing: count and the statuses other than 200). Rejects on 'Stopped',
 * on a preflight that is not all good, or after `timeoutMs`.
 */
function watchUpload({ timeoutMs, allGood }) {
  const epoch = (t) => performance.timeOrigin + t;
  performance.setResourceTimingBufferSize(100_000);
  const input = document.querySelector('[data-bench-book]');
  const button = document.querySelector('[data-bench-start]');
  window.__benchUpload = new Promise((resolve, reject) => {
    let chosen = null;
    let accepted = null;
    let clicked = false;
    const bookBar = () =>
      [...document.querySelectorAll('[role="progressbar"]')].find(
        (bar) => document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent === 'Book file upload',
      );
    const finish = (outcome) => {
      observer.disconnect();
      clearTimeout(timer);
      outcome();
    };
    const check = () => {
      if (chosen === null) return;
      if (!clicked && !button.disabled) {
        clicked = true;
        button.click();
      }
      const bar = bookBar();
      // The bar's field: the nearest box holding the byte count and the status after it.
      let box = bar;
      while (box && !/ bytes \(\d+%\)/.test(box.textContent ?? '')) box = box.parentElement;
      const field = box?.textContent ?? '';
      if (accepted === null && bar?.getAttribute('aria-valuenow') === '100' && field.includes('Uploaded')) {
        accepted = performance.now();
      }
      if (field.includes('Stopped')) {
        const alerts = [...document.querySelectorAll('[role="alert"]')].map((node) => node.textContent).join(' | ');
        finish(() => reject(new Error(`the upload stopped: ${alerts || 'no alert'}`)));
        return;
      }
      if (accepted === null) return;
      const text = document.body.textContent ?? '';
      if (text.includes(allGood)) {
        const packets = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/session/v2/packet?') && entry.startTime >= chosen);
        const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null;
        finish(() =>
          resolve({
            chosenAt: epoch(chosen),
            acceptedAt: epoch(accepted),
            checkedAt: epoch(performance.now()),
            requests: packets.length,
            refused: packets.filter((entry) => entry.responseStatus !== 200).map((entry) => entry.responseStatus),
            // Per piece: from one piece's request to the next one's, and of that the server's
            // part (the request sent to the first byte of its answer; the body's trip included).
            cycleMs: median(packets.slice(1).map((entry, i) => entry.startTime - packets[i].startTime)),
            serverMs: median(packets.map((entry) => entry.responseStart - entry.requestStart)),
          }),
        );
      } else if (/Fix before you submit|Worth a look|could not check your book file/.test(text)) {
        finish(() => reject(new Error(`the preflight did not find the file all good: ${text.slice(-600)}`)));
      }
    };
    const observer = new MutationObserver(check);
    const timer = setTimeout(() => finish(() => reject(new Error(`no verdict within ${timeoutMs} ms`))), timeoutMs);
    input.addEventListener(
      'change',
      (event) => {
        chosen = event.timeStamp;
        // React renders the chosen file in this event's task: look once that is done too.
        setTimeout(check);
      },
      { once: true, capture: true },
    );
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/**
 * One upload of the PDF at `file` (`size` bytes) as the book file of a new signed book of
 * `account` (signed in as `session`) in `browser` (launchUploadBrowser): Playwright walks to
 * the upload screen and disconnects; then, over the pipe, the file is chosen and the page
 * clicks 'Upload files'. Timed from the choice to the upload shown complete (the client had the
 * server's answer to the last piece), with the server's (`pid`) resident memory sampled every
 * 100 ms from half a second before the choice. Waits for the preflight's verdict too, so the next
 * run does not share the machine with it. Answers MB/s, the memory growth of the upload (peak
 * over the baseline taken just before the choice) and, apart, that of the preflight after it.
 */
export async function chunkedUpload(browser, origin, session, { account, file, size, pid, tag }) {
  const title = `Bench upload ${tag}`;
  await signedPrintBook(origin, account, title);
  const { cdp, port } = browser;
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  try {
    const driver = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = driver.contexts()[0];
      await context.addCookies(session.cookies ?? []);
      const page = await findPage(context, targetId);
      // The session in localStorage, as signIn read it (lighthouse.mjs does the same).
      await page.goto(`${origin}/healthz`);
      await page.evaluate((items) => {
        for (const [key, value] of items) localStorage.setItem(key, value);
      }, session.storage);
      await openUploadScreen(page, origin, title);
    } finally {
      // Disconnects (the page stays): from here on no DevTools session watches the network.
      await driver.close();
    }

    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
    const evaluate = async (expression, options = {}) => {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, ...options }, sessionId);
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result;
    };
    await evaluate(`(${watchUpload})(${JSON.stringify({ timeoutMs: 10 * 60_000, allGood: PREFLIGHT_ALL_GOOD })})`);
    const { objectId } = await evaluate(`document.querySelector('[data-bench-book]')`);

    const memory = sampleMemory(pid);
    let outcome;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const baseline = memory.samples.at(-1)?.bytes;
      if (baseline === undefined) throw new Error(`no resident memory readable for the server (pid ${pid})`);
      await cdp.send('DOM.setFileInputFiles', { files: [file], objectId }, sessionId);
      outcome = {
        baseline,
        ...(await evaluate('window.__benchUpload', { awaitPromise: true, returnByValue: true })).value,
      };
    } finally {
      memory.stop();
    }
    const pieces = Math.ceil(size / PIECE_BYTES);
    if (outcome.requests < pieces || outcome.refused.length > 0) {
      throw new Error(
        `${pieces} pieces took ${outcome.requests} requests; statuses other than 200: ${outcome.refused}`,
      );
    }
    const { baseline, chosenAt, acceptedAt, checkedAt } = outcome;
    const samples = memory.samples;
    return {
      mbPerSecond: size / MB / ((acceptedAt - chosenAt) / 1000),
      seconds: (acceptedAt - chosenAt) / 1000,
      memoryGrowthMb: Math.max(0, peakBetween(samples, chosenAt, acceptedAt) - baseline) / MB,
      preflightGrowthMb: Math.max(0, peakBetween(samples, acceptedAt, checkedAt) - baseline) / MB,
      preflightSeconds: (checkedAt - acceptedAt) / 1000,
      baselineMb: baseline / MB,
      pieces,
      cycleMs: outcome.cycleMs,
      serverMs: outcome.serverMs,
    };
  } finally {
    await cdp.send('Target.closeTarget', { targetId }).catch(() => {});
  }
}

/** The Playwright page of the DevTools target `targetId`. */
async function findPage(context, targetId) {
  for (const page of context.pages()) {
    const session = await context.newCDPSession(page);
    const { targetInfo } = await session.send('Target.getTargetInfo');
    await session.detach();
    if (targetInfo.targetId === targetId) return page;
  }
  throw new Error(`Playwright does not see the page ${targetId}`);
}
