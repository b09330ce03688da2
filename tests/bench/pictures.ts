// The coverage pictures of the backend build (each shown material has a 3000×2000 phone photo in the
// backend's storage): the bytes a visitor downloads scrolling through the page at 390 px (2x) and at
// 1440 px, against the originals the page showed before issue 11.
import { statSync } from 'node:fs';
import { PHOTO_NAMES } from '../e2e/support/backend-content';
import { launchBrowser } from '../e2e/support/browser';
import { scrollThrough } from '../e2e/support/page-helpers';
import { photoFile } from '../support/photos';
import { kb } from './config';

export interface ViewportPictures {
  count: number;
  kb: number;
  largestKb: number;
  types: Array<string | undefined>;
  sameOrigin: boolean;
  pictures: Array<{ src: string; type?: string; bytes?: number }>;
}

export interface CoverageFigures {
  originalsKb: number;
  originalsCount: number;
  phone: ViewportPictures;
  desktop: ViewportPictures;
}

/**
 * The coverage pictures a visitor downloads at one viewport: the page is scrolled through (every
 * lazy picture loads) and each picture the coverage cards show is counted with its bytes and type.
 */
async function coveragePictures(
  url: string,
  viewport: { width: number; height: number },
  deviceScaleFactor: number,
): Promise<ViewportPictures> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport, deviceScaleFactor });
    const images = new Map<string, { type?: string; bytes: number }>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      images.set(response.url(), { type: response.headers()['content-type'], bytes: body.length });
    });
    await page.goto(url, { waitUntil: 'load' });
    await scrollThrough(page);
    const shown = await page
      .locator('#coverage img')
      .evaluateAll((elements) => elements.map((image) => (image as HTMLImageElement).currentSrc));
    const pictures = shown.map((src) => ({ src: new URL(src).pathname, ...images.get(src) }));
    return {
      count: pictures.length,
      kb: kb(pictures.reduce((n, p) => n + (p.bytes ?? 0), 0)),
      largestKb: kb(Math.max(0, ...pictures.map((p) => p.bytes ?? 0))),
      types: [...new Set(pictures.map((p) => p.type))],
      sameOrigin: shown.every((src) => new URL(src).origin === new URL(url).origin),
      pictures,
    };
  } finally {
    await browser.close();
  }
}

export async function pictures(url: string): Promise<CoverageFigures> {
  const originals = await Promise.all(PHOTO_NAMES.map((_, index) => photoFile(index + 1)));
  return {
    originalsKb: kb(originals.reduce((n, file) => n + statSync(file).size, 0)),
    originalsCount: originals.length,
    phone: await coveragePictures(url, { width: 390, height: 844 }, 2),
    desktop: await coveragePictures(url, { width: 1440, height: 900 }, 1),
  };
}
