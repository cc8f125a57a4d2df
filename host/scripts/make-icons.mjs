// Draws the web app manifest's PNG icons into host/public/icons/ (committed; run again only to
// change the drawing): `node host/scripts/make-icons.mjs`.
//
// A white page with a blue bookmark ribbon on the theme colour, anti-aliased by 4x4
// supersampling, written as an RGBA PNG with node:zlib (no image package needed):
// - icon-192.png, icon-512.png: purpose "any", a rounded square (transparent corners);
// - icon-maskable-512.png: purpose "maskable", full bleed, the drawing inside the central
//   circle of 80 % diameter that every mask keeps (the "safe zone" of the maskable icon spec).
import { Buffer } from 'node:buffer';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** The manifest's theme colour and the design tokens' page and accent colours. */
const THEME = [0x13, 0x29, 0x4b];
const PAGE = [0xff, 0xff, 0xff];
const RIBBON = [0x0b, 0x5c, 0xad];
const LINES = [0xc9, 0xd6, 0xea];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `size` x `size` from `pixels` (size * size * 4 bytes). */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inside a rectangle with rounded corners (all in units of the icon's side). */
function inRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * The colour at (x, y) in [0, 1) units, or null for transparent. `scale` shrinks the drawing
 * about the centre (the maskable icon's safe zone); `corner` is the background's corner radius.
 */
function colourAt(x, y, { scale, corner }) {
  if (!inRoundedRect(x, y, 0, 0, 1, 1, corner)) return null;
  const u = 0.5 + (x - 0.5) / scale;
  const v = 0.5 + (y - 0.5) / scale;
  // The page, a little taller than wide, centred.
  const page = { left: 0.24, top: 0.16, right: 0.76, bottom: 0.84 };
  if (!inRoundedRect(u, v, page.left, page.top, page.right, page.bottom, 0.04)) return THEME;
  // The ribbon hangs from the page's top edge and ends in a V notch.
  const ribbon = { left: 0.54, right: 0.66, bottom: 0.5, notch: 0.06 };
  const half = (ribbon.right - ribbon.left) / 2;
  const centre = ribbon.left + half;
  if (u >= ribbon.left && u <= ribbon.right && v <= ribbon.bottom) {
    const notchTop = ribbon.bottom - ribbon.notch * (1 - Math.abs(u - centre) / half);
    if (v <= notchTop) return RIBBON;
  }
  // Three lines of text below the ribbon.
  for (const [top, right] of [
    [0.58, 0.66],
    [0.65, 0.66],
    [0.72, 0.56],
  ]) {
    if (inRoundedRect(u, v, 0.34, top, right, top + 0.035, 0.0175)) return LINES;
  }
  return PAGE;
}

/** Renders one icon with 4x4 samples per pixel. */
function render(size, options) {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options);
          if (!colour) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 1;
        }
      }
      const offset = (py * size + px) * 4;
      const covered = sum[3];
      pixels[offset] = covered ? Math.round(sum[0] / covered) : 0;
      pixels[offset + 1] = covered ? Math.round(sum[1] / covered) : 0;
      pixels[offset + 2] = covered ? Math.round(sum[2] / covered) : 0;
      pixels[offset + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return encodePng(size, pixels);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, corner: 0.1875 },
  { file: 'icon-512.png', size: 512, scale: 1, corner: 0.1875 },
  // At scale 0.8 the page's corners lie 0.34 of the side from the centre: inside the 0.4 radius.
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8, corner: 0 },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { file, size, ...options } of ICONS) {
  writeFileSync(path.join(OUT_DIR, file), render(size, options));
  process.stdout.write(`wrote ${path.relative(process.cwd(), path.join(OUT_DIR, file))}\n`);
}
