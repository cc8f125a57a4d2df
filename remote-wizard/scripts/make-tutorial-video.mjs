// Renders the upload screen's thumbnail tutorial: a ~20 s explainer of text frames drawn on a
// canvas in headless Chromium and recorded with MediaRecorder to WebM, plus its captions as
// WebVTT from the same scene list (so words and pictures stay in step). Run once by hand when the
// wording changes; the outputs are committed:
//
//   node remote-wizard/scripts/make-tutorial-video.mjs [path/to/chromium]
//
// Chromium: the argument, CHROMIUM_PATH, or /usr/bin/chromium. playwright-core comes from the
// e2e package's @playwright/test (no dependency of this package). No ffmpeg is needed.
// `record` runs in the page, hence the browser names; the rest is Node.
/* global document, MediaRecorder, performance, setTimeout, Blob, btoa, console */
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT_DIR = path.join(HERE, '..', 'src', 'features', 'uploads', 'assets');
const VIDEO = path.join(OUT_DIR, 'thumbnail-tutorial.webm');
const CAPTIONS = path.join(OUT_DIR, 'thumbnail-tutorial.vtt');
const CHROMIUM = process.argv[2] ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The scenes: seconds on screen, heading, lines on the canvas, and the caption read with them. */
const SCENES = [
  {
    seconds: 4,
    title: 'What is a thumbnail?',
    lines: ['The small picture of your cover', 'that shows your book', 'in online stores.'],
    caption: 'A thumbnail is the small picture of your cover that shows your book in online stores.',
    figure: 'book',
  },
  {
    seconds: 4,
    title: 'JPG or JPEG only',
    lines: ['Save your thumbnail as .jpg', 'or .jpeg. PNG and other file', 'types are refused.'],
    caption: 'Save your thumbnail as a JPG or JPEG file. PNG and other file types cannot be uploaded.',
    figure: 'jpg',
  },
  {
    seconds: 4,
    title: 'Print books: 1000 x 1000 px',
    lines: ['A print book needs a square', 'image of exactly 1000 by', '1000 pixels.'],
    caption: 'For a print book the thumbnail is exactly 1000 by 1000 pixels.',
    figure: { width: 1000, height: 1000 },
  },
  {
    seconds: 4,
    title: 'eBooks and audiobooks',
    lines: ['eBook: 1600 x 2500 px (portrait).', 'Audiobook: 3000 x 3000 px', '(square).'],
    caption: 'For an eBook it is 1600 by 2500 pixels; for an audiobook 3000 by 3000 pixels.',
    figure: { width: 1600, height: 2500 },
  },
  {
    seconds: 4,
    title: 'Export at 300 dpi',
    lines: ['300 dots per inch keeps it sharp.', 'Then choose it under', "'Thumbnail image'."],
    caption: "Export the image at 300 dpi so it stays sharp, then choose it under 'Thumbnail image'.",
    figure: 'dpi',
  },
];

const stamp = (seconds) => {
  const whole = Math.floor(seconds);
  const mm = String(Math.floor(whole / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  const ms = String(Math.round((seconds - whole) * 1000)).padStart(3, '0');
  return `00:${mm}:${ss}.${ms}`;
};

function captions() {
  let at = 0;
  const cues = SCENES.map((scene, index) => {
    const cue = `${index + 1}\n${stamp(at)} --> ${stamp(at + scene.seconds)}\n${scene.caption}`;
    at += scene.seconds;
    return cue;
  });
  return `WEBVTT - Thumbnail tutorial\n\n${cues.join('\n\n')}\n`;
}

/** Runs in the page: draws the scenes in real time while MediaRecorder records the canvas. */
async function record(scenes) {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const total = scenes.reduce((sum, scene) => sum + scene.seconds, 0) * 1000;

  const figure = (scene, t) => {
    ctx.save();
    ctx.translate(520, 190);
    ctx.strokeStyle = '#13294b';
    ctx.lineWidth = 3;
    ctx.fillStyle = '#e8eef7';
    const f = scene.figure;
    if (typeof f === 'object') {
      const scale = 130 / Math.max(f.width, f.height);
      const w = f.width * scale;
      const h = f.height * scale;
      ctx.fillRect(-w / 2, -h / 2, w, h);
      ctx.strokeRect(-w / 2, -h / 2, w, h);
      ctx.fillStyle = '#13294b';
      ctx.font = '16px "DejaVu Sans", sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText(`${f.width} px`, 0, -h / 2 - 10);
      ctx.save();
      ctx.rotate(-Math.PI / 2);
      ctx.fillText(`${f.height} px`, 0, -w / 2 - 10);
      ctx.restore();
    } else if (f === 'book') {
      ctx.fillRect(-55, -75, 110, 150);
      ctx.strokeRect(-55, -75, 110, 150);
      ctx.fillStyle = '#13294b';
      ctx.fillRect(-40, -50, 80, 10);
      ctx.fillRect(-40, -30, 60, 6);
      ctx.font = 'bold 14px "DejaVu Sans", sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText('YOUR BOOK', 0, 40);
    } else if (f === 'jpg') {
      ctx.font = 'bold 26px "DejaVu Sans", sans-serif';
      ctx.textAlign = 'center';
      ctx.fillStyle = '#1b7a3d';
      ctx.fillText('.jpg  .jpeg', 0, -10);
      ctx.fillStyle = '#b3261e';
      ctx.fillText('.png', 0, 45);
      ctx.fillRect(-36, 37, 72, 3);
    } else {
      ctx.font = 'bold 56px "DejaVu Sans", sans-serif';
      ctx.textAlign = 'center';
      ctx.fillStyle = '#13294b';
      ctx.fillText('300', 0, 0);
      ctx.font = '22px "DejaVu Sans", sans-serif';
      ctx.fillText('dpi', 0, 34);
    }
    // A slow pulse, so every second has new frames to encode.
    ctx.globalAlpha = 0.25 + 0.25 * Math.sin(t / 300);
    ctx.beginPath();
    ctx.arc(0, 0, 88, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  };

  const draw = (elapsed) => {
    let at = 0;
    let scene = scenes[scenes.length - 1];
    for (const candidate of scenes) {
      if (elapsed < at + candidate.seconds * 1000) {
        scene = candidate;
        break;
      }
      at += candidate.seconds * 1000;
    }
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#13294b';
    ctx.fillRect(0, 0, canvas.width, 56);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 24px "DejaVu Sans", sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText(scene.title, 24, 37);
    ctx.fillStyle = '#1f2933';
    ctx.font = '19px "DejaVu Sans", sans-serif';
    scene.lines.forEach((line, i) => ctx.fillText(line, 24, 130 + i * 34));
    figure(scene, elapsed);
    ctx.fillStyle = '#d9dee5';
    ctx.fillRect(24, 328, 592, 8);
    ctx.fillStyle = '#2f6fd6';
    ctx.fillRect(24, 328, (592 * Math.min(elapsed, total)) / total, 8);
  };

  const stream = canvas.captureStream(12);
  const mimeType = MediaRecorder.isTypeSupported('video/webm;codecs=vp9') ? 'video/webm;codecs=vp9' : 'video/webm';
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 110_000 });
  const parts = [];
  recorder.ondataavailable = (event) => event.data.size > 0 && parts.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));

  draw(0);
  const start = performance.now();
  recorder.start(1000);
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      draw(elapsed);
      if (elapsed >= total) resolve();
      else setTimeout(tick, 1000 / 24);
    };
    tick();
  });
  recorder.stop();
  await stopped;
  const recordedMs = performance.now() - start;
  const bytes = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), mimeType, recordedMs };
}

/** An EBML variable-size integer at `pos`: its length in bytes and value (null for 'unknown size'). */
function readVint(bytes, pos) {
  const first = bytes[pos];
  let length = 1;
  let mask = 0x80;
  while (length <= 8 && !(first & mask)) {
    length += 1;
    mask >>= 1;
  }
  let value = first & (mask - 1);
  let allOnes = value === mask - 1;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + bytes[pos + i];
    allOnes &&= bytes[pos + i] === 0xff;
  }
  return { length, value: allOnes ? null : value };
}

/** An EBML element id at `pos` (its marker bits kept) and its length. */
function readId(bytes, pos) {
  const { length } = readVint(bytes, pos);
  let id = 0;
  for (let i = 0; i < length; i += 1) id = id * 256 + bytes[pos + i];
  return { id, length };
}

/**
 * MediaRecorder writes WebM without a Duration (players then show no length and seek badly):
 * adds Segment > Info > Duration (milliseconds at the default 1 ms timecode scale). The
 * Segment's size is 'unknown' in MediaRecorder's output, so only Info's size changes.
 */
function withDuration(video, milliseconds) {
  const EBML = 0x1a45dfa3;
  const SEGMENT = 0x18538067;
  const INFO = 0x1549a966;
  const DURATION = 0x4489;
  let pos = 0;
  const header = readId(video, pos);
  if (header.id !== EBML) throw new Error('Not an EBML file');
  const headerSize = readVint(video, pos + header.length);
  pos += header.length + headerSize.length + headerSize.value;
  const segment = readId(video, pos);
  if (segment.id !== SEGMENT) throw new Error('No Segment');
  pos += segment.length + readVint(video, pos + segment.length).length;
  for (;;) {
    const child = readId(video, pos);
    const size = readVint(video, pos + child.length);
    const dataStart = pos + child.length + size.length;
    if (child.id !== INFO) {
      if (size.value === null) throw new Error('No Info before an element of unknown size');
      pos = dataStart + size.value;
      continue;
    }
    for (let at = dataStart; at < dataStart + size.value;) {
      const inner = readId(video, at);
      if (inner.id === DURATION) return video;
      const innerSize = readVint(video, at + inner.length);
      at += inner.length + innerSize.length + innerSize.value;
    }
    const duration = Buffer.alloc(11);
    duration.writeUInt16BE(DURATION, 0);
    duration[2] = 0x88; // size 8
    duration.writeDoubleBE(milliseconds, 3);
    const newSize = size.value + duration.length;
    const sizeField = Buffer.alloc(8);
    sizeField[0] = 0x01; // an 8-byte vint
    sizeField.writeUIntBE(newSize, 2, 6);
    return Buffer.concat([
      video.subarray(0, pos + child.length),
      sizeField,
      video.subarray(dataStart, dataStart + size.value),
      duration,
      video.subarray(dataStart + size.value),
    ]);
  }
}

const require = createRequire(path.join(HERE, '..', '..', 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--headless'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  const { base64, mimeType, recordedMs } = await page.evaluate(record, SCENES);
  const video = withDuration(Buffer.from(base64, 'base64'), Math.round(recordedMs));
  writeFileSync(VIDEO, video);
  writeFileSync(CAPTIONS, captions());
  console.log(`${path.relative(process.cwd(), VIDEO)}: ${video.length} bytes (${mimeType})`);
  console.log(`${path.relative(process.cwd(), CAPTIONS)}: ${SCENES.length} cues`);
} finally {
  await browser.close();
}
