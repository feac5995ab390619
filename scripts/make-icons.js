#!/usr/bin/env node
/**
 * Draws the add-in's PNG icons into assets/ with no image library: each icon is a rounded square in
 * the button's colour with a white glyph, rasterized by 4x4 supersampling and written through zlib.
 * Run `node scripts/make-icons.js` after changing a glyph; the PNGs are committed.
 */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const ASSETS = path.resolve(__dirname, '..', 'assets');
const BUTTON_SIZES = [16, 32, 80];
/** 16–80: the ribbon group; 32 and 64: IconUrl and HighResolutionIconUrl; 192: the unified manifest's colour icon. */
const LOGO_SIZES = [16, 32, 64, 80, 128, 192];
/** The unified manifest's outline icon: the logo's glyph in white on transparent, 32×32. */
const OUTLINE = { name: 'outline', icon: 'icon', size: 32 };
const SAMPLES = 4;

/** Distance from point (x, y) to the segment a-b. */
function segmentDistance(x, y, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

const line = (ax, ay, bx, by, w) => (x, y) => segmentDistance(x, y, ax, ay, bx, by) <= w / 2;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2;
const disc = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
const union = (...shapes) => (x, y) => shapes.some((inside) => inside(x, y));
const minus = (a, b) => (x, y) => a(x, y) && !b(x, y);

/** Glyphs in unit coordinates (0..1, y down). */
const ICONS = {
  // Capacitor symbol: two plates with leads.
  icon: {
    colour: [0x1f, 0x5f, 0xa8],
    sizes: LOGO_SIZES,
    glyph: union(
      line(0.42, 0.25, 0.42, 0.75, 0.09),
      line(0.58, 0.25, 0.58, 0.75, 0.09),
      line(0.18, 0.5, 0.42, 0.5, 0.07),
      line(0.58, 0.5, 0.82, 0.5, 0.07),
    ),
  },
  // Magnifier.
  search: {
    colour: [0x10, 0x7c, 0x41],
    sizes: BUTTON_SIZES,
    glyph: union(ring(0.43, 0.43, 0.19, 0.09), line(0.57, 0.57, 0.78, 0.78, 0.12)),
  },
  // Plus: add columns to the selection.
  enrich: {
    colour: [0xc5, 0x5a, 0x11],
    sizes: BUTTON_SIZES,
    glyph: union(line(0.5, 0.22, 0.5, 0.78, 0.13), line(0.22, 0.5, 0.78, 0.5, 0.13)),
  },
  // Circular arrow.
  refresh: {
    colour: [0x00, 0x78, 0x7a],
    sizes: BUTTON_SIZES,
    glyph: union(
      minus(ring(0.5, 0.5, 0.24, 0.1), (x, y) => x > 0.5 && y < 0.5),
      line(0.5, 0.26, 0.66, 0.14, 0.09),
      line(0.5, 0.26, 0.66, 0.38, 0.09),
    ),
  },
  // Three bars rising: the BOM summary's charts.
  summary: {
    colour: [0x6b, 0x3f, 0xa0],
    sizes: BUTTON_SIZES,
    glyph: union(
      line(0.3, 0.78, 0.3, 0.56, 0.14),
      line(0.5, 0.78, 0.5, 0.4, 0.14),
      line(0.7, 0.78, 0.7, 0.24, 0.14),
    ),
  },
  // Gear: ring with teeth.
  settings: {
    colour: [0x5c, 0x5c, 0x66],
    sizes: BUTTON_SIZES,
    glyph: minus(
      union(
        disc(0.5, 0.5, 0.25),
        ...[0, 1, 2, 3].map((i) => {
          const a = (i * Math.PI) / 4;
          const dx = Math.cos(a) * 0.32;
          const dy = Math.sin(a) * 0.32;
          return line(0.5 - dx, 0.5 - dy, 0.5 + dx, 0.5 + dy, 0.12);
        }),
      ),
      disc(0.5, 0.5, 0.1),
    ),
  },
};

/** True inside a square with rounded corners filling the icon with a 1/16 margin. */
function insideBackground(x, y) {
  const margin = 1 / 16;
  const radius = 0.18;
  const cx = Math.min(Math.max(x, margin + radius), 1 - margin - radius);
  const cy = Math.min(Math.max(y, margin + radius), 1 - margin - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** RGBA pixels of one icon at one size. */
function renderIcon({ colour, glyph }, size) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (insideBackground(x, y)) {
            cover++;
            if (glyph(x, y)) white++;
          }
        }
      }
      const offset = (py * size + px) * 4;
      const mix = cover ? white / cover : 0;
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round(colour[c] + (255 - colour[c]) * mix);
      }
      pixels[offset + 3] = Math.round((255 * cover) / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

/** RGBA pixels of a glyph alone, white on transparent (the unified manifest's outline icon). */
function renderOutline({ glyph }, size) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (glyph((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) white++;
        }
      }
      const offset = (py * size + px) * 4;
      pixels.fill(255, offset, offset + 3);
      pixels[offset + 3] = Math.round((255 * white) / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGBA pixels as a PNG (8-bit, colour type 6, filter 0 on every row). */
function encodePng(pixels, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const rows = [];
  for (let y = 0; y < size; y++) {
    rows.push(Buffer.from([0]), pixels.subarray(y * size * 4, (y + 1) * size * 4));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function main() {
  fs.mkdirSync(ASSETS, { recursive: true });
  for (const [name, icon] of Object.entries(ICONS)) {
    for (const size of icon.sizes) {
      const file = path.join(ASSETS, `${name}-${size}.png`);
      fs.writeFileSync(file, encodePng(renderIcon(icon, size), size));
      console.log(path.relative(process.cwd(), file));
    }
  }
  const outline = path.join(ASSETS, `${OUTLINE.name}-${OUTLINE.size}.png`);
  fs.writeFileSync(outline, encodePng(renderOutline(ICONS[OUTLINE.icon], OUTLINE.size), OUTLINE.size));
  console.log(path.relative(process.cwd(), outline));
}

main();
