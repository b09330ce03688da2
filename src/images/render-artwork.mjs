// Renders the hand-written SVG artwork in ./artwork to the raster files the site ships:
// the product illustrations (sources for gatsby-plugin-image), the favicons and the social card.
// Run after editing an SVG: `node src/images/render-artwork.mjs` (commit the outputs). It needs
// python3 with fontTools and brotli (Debian: python3-fonttools python3-brotli) for the font step.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const art = (name) => path.join(here, 'artwork', name);

// The social card sets its text in the site's font. sharp's SVG renderer reads neither WOFF2 nor
// the weights of a variable font, so static TrueType instances of the weights the card uses are
// cut into a temporary folder that fontconfig is pointed at.
const fontFile = require.resolve('@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2');
const fontDir = mkdtempSync(path.join(tmpdir(), 'fonts-'));
execFileSync(process.env.PYTHON ?? 'python3', [
  '-c',
  `import sys
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
for weight in (500, 600, 800):
    font = TTFont(sys.argv[1])
    font.flavor = None
    instancer.instantiateVariableFont(font, {'wght': weight}, inplace=True, updateFontNames=True)
    font.save(f'{sys.argv[2]}/PlusJakartaSans-{weight}.ttf')`,
  fontFile,
  fontDir,
]);
writeFileSync(
  path.join(fontDir, 'fonts.conf'),
  `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${fontDir}</dir><cachedir>${fontDir}</cachedir></fontconfig>`,
);
process.env.FONTCONFIG_FILE = path.join(fontDir, 'fonts.conf');
const { default: sharp } = await import('sharp');

// Illustrations: 2x of their 640x480 display size.
for (const name of ['adasorter', 'worker']) {
  await sharp(art(`${name}.svg`), { density: 144 })
    .png({ compressionLevel: 9 })
    .toFile(path.join(here, `${name}.png`));
}

const sorterPng = readFileSync(path.join(here, 'adasorter.png')).toString('base64');
const social = readFileSync(art('social-card.svg'), 'utf8').replace('SORTER_PNG', `data:image/png;base64,${sorterPng}`);
await sharp(Buffer.from(social))
  .png({ compressionLevel: 9 })
  .toFile(path.join(root, 'static', 'social-card.png'));

copyFileSync(art('favicon.svg'), path.join(root, 'static', 'favicon.svg'));
await sharp(art('favicon.svg'), { density: (72 * 32) / 40 })
  .resize(32, 32)
  .png()
  .toFile(path.join(root, 'static', 'favicon-32.png'));
// Apple's touch icon is shown on a square tile: the mark sits on the brand colour with a margin.
const touchMark = await sharp(art('favicon.svg'), { density: (72 * 132) / 40 })
  .resize(132, 132)
  .png()
  .toBuffer();
await sharp({ create: { width: 180, height: 180, channels: 4, background: '#0d5f55' } })
  .composite([{ input: touchMark, top: 24, left: 24 }])
  .png()
  .toFile(path.join(root, 'static', 'apple-touch-icon.png'));
