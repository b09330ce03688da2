// Photo-like JPEGs for the picture tests and the bench: 3000×2000 at quality 90, about 3.6 MB each,
// like a phone photo an editor uploads. Made with sharp on first use: a few thousand overlapping
// shapes of every size (detail that survives scaling down, as in a photo) under a grain that JPEG
// compresses about as badly as a camera's noise. Kept in artifacts/photos, so a machine makes them
// once and the repository carries no large binaries.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_DIR = path.join(__dirname, '..', '..', 'artifacts', 'photos');
export const PHOTO_WIDTH = 3000;
export const PHOTO_HEIGHT = 2000;
/** Part of the file names: a change to how photos are made must not reuse the old files. */
const RECIPE = 'shapes-v2';

/** The pixels of photo `seed`: shapes and grain from a seeded generator, so a seed always makes the same photo. */
async function pixels(seed: number): Promise<Buffer> {
  const [width, height] = [PHOTO_WIDTH, PHOTO_HEIGHT];
  let state = (seed * 2654435761) >>> 0 || 1;
  // xorshift32
  const random = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const colour = () => `rgb(${[0, 0, 0].map(() => Math.floor(random() * 256)).join(',')})`;
  const shapes = [`<rect width="${width}" height="${height}" fill="${colour()}"/>`];
  for (let i = 0; i < 3000; i++) {
    // Mostly small shapes, a few large ones.
    const size = Math.round(8 + random() ** 3 * 900);
    const [x, y, ratio, angle] = [Math.round(random() * width), Math.round(random() * height), 0.3 + random(), Math.round(random() * 90)];
    shapes.push(
      random() < 0.5
        ? `<ellipse cx="${x}" cy="${y}" rx="${size}" ry="${Math.round(size * ratio)}" fill="${colour()}" fill-opacity="0.7"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${Math.round(size * ratio)}" fill="${colour()}" fill-opacity="0.7" transform="rotate(${angle} ${x} ${y})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
  const data = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  for (let i = 0; i < data.length; i += 3) {
    const grain = (random() - 0.5) * 130;
    for (let c = i; c < i + 3; c++) data[c] = Math.min(255, Math.max(0, (data[c] as number) + grain));
  }
  return data;
}

/** A JPEG of photo `seed`. */
async function makePhoto(seed: number): Promise<Buffer> {
  const raw = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } as const;
  return sharp(await pixels(seed), { raw })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The path of photo `seed`, made the first time it is asked for. */
export async function photoFile(seed: number): Promise<string> {
  const file = path.join(PHOTO_DIR, `photo-${seed}-${PHOTO_WIDTH}x${PHOTO_HEIGHT}-${RECIPE}.jpg`);
  if (existsSync(file)) return file;
  mkdirSync(PHOTO_DIR, { recursive: true });
  // Written aside and renamed: test workers and the e2e setup may ask for the same photo at once.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, await makePhoto(seed));
  renameSync(partial, file);
  return file;
}
