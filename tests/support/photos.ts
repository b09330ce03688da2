// Photo-like JPEGs for the picture tests and the bench: 3000×2000 at quality 90, about 3.7 MB each,
// like a phone photo an editor uploads. Made with sharp on first use (soft gradients under grain,
// which JPEG compresses about as badly as a real photo) and kept in artifacts/photos, so a machine
// generates them once and the repository carries no large binaries.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_DIR = path.join(__dirname, '..', '..', 'artifacts', 'photos');
export const PHOTO_WIDTH = 3000;
export const PHOTO_HEIGHT = 2000;

/** The pixels of photo `seed`: gradients and waves that differ by seed, plus uniform grain. */
function pixels(seed: number, width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  // xorshift32: deterministic, so the same seed always makes the same file.
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (random() - 0.5) * 140;
      data[i] = clamp(60 + (140 * x) / width + 40 * Math.sin(x / 90 + seed) + grain);
      data[i + 1] = clamp(80 + (100 * y) / height + 30 * Math.cos(y / 70 + seed) + grain);
      data[i + 2] = clamp(120 + 80 * Math.sin((x + y) / 200 + seed * 0.8) + grain);
    }
  }
  return data;
}

/** A JPEG of the given size, made now (for tests that need other sizes than the standard photo). */
export function makePhoto(seed: number, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Promise<Buffer> {
  return sharp(pixels(seed, width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The path of standard photo `seed` (3000×2000), generated the first time it is asked for. */
export async function photoFile(seed: number): Promise<string> {
  const file = path.join(PHOTO_DIR, `photo-${seed}-${PHOTO_WIDTH}x${PHOTO_HEIGHT}.jpg`);
  if (existsSync(file)) return file;
  mkdirSync(PHOTO_DIR, { recursive: true });
  // Written aside and renamed: test workers and the e2e setup may ask for the same photo at once.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, await makePhoto(seed));
  renameSync(partial, file);
  return file;
}
