import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BARCODE_MM,
  bindingStyle,
  coverGeometry,
  paperShade,
  spineWidthMm,
  templateLayout,
  type BindingStyle,
  type PaperShade,
} from '../../src/domain/cover-template.js';

const IN = 25.4;

/**
 * Worked examples of the README's formula: spine = pages x thickness per page (white 0.002252 in,
 * cream 0.0025 in), rounded to 0.1 mm; cover = 2 x trim width + spine + 2 x 3 mm bleed by trim
 * height + 2 x 3 mm. `kdpSpineIn` is KDP's own spine for the same book, where KDP publishes one.
 */
const EXAMPLES: Array<{
  name: string;
  trim: [number, number];
  pages: number;
  paper: PaperShade;
  binding?: BindingStyle;
  spine: number;
  cover: [number, number];
  spineText: boolean;
  kdpSpineIn?: number;
}> = [
  {
    name: '6 x 9 in, 300 pages white',
    trim: [6 * IN, 9 * IN],
    pages: 300,
    paper: 'white',
    spine: 17.2,
    cover: [328, 234.6],
    spineText: true,
    kdpSpineIn: 0.6756,
  },
  {
    name: '5 x 8 in, 200 pages cream',
    trim: [5 * IN, 8 * IN],
    pages: 200,
    paper: 'cream',
    spine: 12.7,
    cover: [272.7, 209.2],
    spineText: true,
    kdpSpineIn: 0.5,
  },
  {
    name: 'Royal (NC) 156 x 234 mm, 240 pages white',
    trim: [156, 234],
    pages: 240,
    paper: 'white',
    spine: 13.7,
    cover: [331.7, 240],
    spineText: true,
    kdpSpineIn: 0.54048,
  },
  {
    name: 'A5, 78 pages white: one page short of spine text',
    trim: [148, 210],
    pages: 78,
    paper: 'white',
    spine: 4.5,
    cover: [306.5, 216],
    spineText: false,
  },
  {
    name: 'A5, 79 pages white: spine text from here',
    trim: [148, 210],
    pages: 79,
    paper: 'white',
    spine: 4.5,
    cover: [306.5, 216],
    spineText: true,
  },
  {
    name: '6 x 9 in, 1200 pages cream (the page limit)',
    trim: [6 * IN, 9 * IN],
    pages: 1200,
    paper: 'cream',
    spine: 76.2,
    cover: [387, 234.6],
    spineText: true,
    kdpSpineIn: 3,
  },
  {
    name: '5.5 x 8.5 in, 24 pages cream',
    trim: [5.5 * IN, 8.5 * IN],
    pages: 24,
    paper: 'cream',
    spine: 1.5,
    cover: [286.9, 221.9],
    spineText: false,
    kdpSpineIn: 0.06,
  },
  {
    name: 'A4 saddle stitch, 48 pages: no spine',
    trim: [210, 297],
    pages: 48,
    paper: 'white',
    binding: 'saddle-stitch',
    spine: 0,
    cover: [426, 303],
    spineText: false,
  },
  {
    name: 'A5 spiral bound, 200 pages: no spine',
    trim: [148, 210],
    pages: 200,
    paper: 'white',
    binding: 'spiral',
    spine: 0,
    cover: [302, 216],
    spineText: false,
  },
  {
    name: 'NC hardcover, 240 pages cream: the formula on the page block',
    trim: [156, 234],
    pages: 240,
    paper: 'cream',
    binding: 'hardcover',
    spine: 15.2,
    cover: [333.2, 240],
    spineText: true,
  },
];

describe('cover geometry: worked examples', () => {
  for (const example of EXAMPLES) {
    it(example.name, () => {
      const geometry = coverGeometry({
        trimWidthMm: example.trim[0],
        trimHeightMm: example.trim[1],
        pages: example.pages,
        paper: example.paper,
        binding: example.binding ?? 'perfect',
      });
      assert.equal(geometry.spineWidthMm, example.spine);
      assert.equal(geometry.bleedMm, 3);
      assert.equal(geometry.coverWidthMm, example.cover[0]);
      assert.equal(geometry.coverHeightMm, example.cover[1]);
      assert.equal(geometry.spineTextAllowed, example.spineText);
      if (example.kdpSpineIn !== undefined) {
        // KDP's spine in inches: the same to well within the 0.1 mm rounding.
        assert.ok(Math.abs(geometry.exactSpineWidthMm - example.kdpSpineIn * IN) < 1e-9);
        assert.ok(Math.abs(geometry.spineWidthMm - example.kdpSpineIn * IN) <= 0.05);
      }
    });
  }

  it("matches KDP's full cover in inches with KDP's own 0.125 in bleed (6 x 9 in, 300 pages white: 12.9256 x 9.25 in)", () => {
    const geometry = coverGeometry({
      trimWidthMm: 6 * IN,
      trimHeightMm: 9 * IN,
      pages: 300,
      paper: 'white',
      binding: 'perfect',
      bleedMm: 0.125 * IN,
    });
    assert.ok(Math.abs(geometry.coverWidthMm - 12.9256 * IN) <= 0.05);
    assert.ok(Math.abs(geometry.coverHeightMm - 9.25 * IN) < 1e-9);
  });

  it('per page: 0.0572 mm on white paper, 0.0635 mm on cream', () => {
    assert.ok(Math.abs(spineWidthMm(1, 'white') - 0.0572) < 0.0001);
    assert.ok(Math.abs(spineWidthMm(1, 'cream') - 0.0635) < 1e-12);
  });
});

describe('cover geometry: reading the reference data', () => {
  it("paper: 'Cream' in the paper type's name is cream, anything else white", () => {
    assert.equal(paperShade('70gsm Book Wove Cream (B&W)'), 'cream');
    assert.equal(paperShade('Standard B&W Cream 50#'), 'cream');
    assert.equal(paperShade('Standard B&W White 50#'), 'white');
    assert.equal(paperShade('80gsm Bond (B&W)'), 'white');
    assert.equal(paperShade('115gsm Gloss Art (Colour)'), 'white');
  });

  it('binding: from the cover type names of migration 003', () => {
    assert.equal(bindingStyle('Paperback (Perfect Bound)'), 'perfect');
    assert.equal(bindingStyle('Hardcover (Case Bound)'), 'hardcover');
    assert.equal(bindingStyle('Hardcover Case Laminate'), 'hardcover');
    assert.equal(bindingStyle('Hardcover Dust Jacket'), 'hardcover');
    assert.equal(bindingStyle('Saddle Stitch'), 'saddle-stitch');
    assert.equal(bindingStyle('Spiral Bound'), 'spiral');
  });
});

describe('cover template layout', () => {
  const geometry = coverGeometry({
    trimWidthMm: 156,
    trimHeightMm: 234,
    pages: 240,
    paper: 'white',
    binding: 'perfect',
  });
  const layout = templateLayout(geometry);

  it('places back cover, spine and front cover side by side inside the bleed', () => {
    assert.deepEqual(layout.back, { x: 3, y: 3, width: 156, height: 234 });
    assert.deepEqual(layout.spine, { x: 159, y: 3, width: 13.7, height: 234 });
    assert.equal(layout.front.x, 172.7);
    assert.ok(Math.abs(layout.front.x + layout.front.width + 3 - layout.widthMm) < 1e-9);
    assert.equal(layout.heightMm, 240);
  });

  it('puts the barcode box in the back cover, clear of the spine and the bottom trim', () => {
    const { barcode, back } = layout;
    assert.equal(barcode.width, BARCODE_MM.width);
    assert.ok(Math.abs(back.x + back.width - (barcode.x + barcode.width) - BARCODE_MM.inset) < 1e-9);
    assert.ok(Math.abs(back.y + back.height - (barcode.y + barcode.height) - BARCODE_MM.inset) < 1e-9);
  });

  it('labels the dimensions; a spine text box only from 79 pages', () => {
    const texts = layout.labels.map((label) => label.text);
    assert.ok(texts.includes('SPINE 13.7 mm'));
    assert.ok(texts.includes('Full cover with bleed: 331.7 mm x 240 mm'));
    assert.ok(texts.includes('Spine: 13.7 mm, spine text inside the dashed box'));
    assert.ok(layout.spineText);
    const thin = templateLayout({ ...geometry, pages: 78, spineTextAllowed: false });
    assert.equal(thin.spineText, null);
    assert.ok(thin.labels.some((label) => label.text.endsWith('too thin for spine text (from 79 pages)')));
  });
});
