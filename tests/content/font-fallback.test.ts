// The local fallback faces in src/styles.css take the web font's room until it arrives, so the swap
// shifts nothing (CLS 0). Their numbers are recomputed here from the fonts' published metrics, so
// a new font (or a new metrics release) cannot leave stale values behind.
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import plusJakartaSans from '@capsizecss/metrics/plusJakartaSans';
import roboto from '@capsizecss/metrics/roboto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const css = readFileSync(path.join(__dirname, '..', '..', 'src', 'styles.css'), 'utf8');
const WEB_FONT = 'Plus Jakarta Sans Variable';

/** @font-face blocks of a style sheet: family → its declarations. */
function fontFaces(sheet: string): Map<string, Record<string, string>> {
  const faces = new Map<string, Record<string, string>>();
  for (const [, body] of sheet.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const declarations = Object.fromEntries(
      (body as string)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => [
          line.slice(0, line.indexOf(':')).trim(),
          line
            .slice(line.indexOf(':') + 1)
            .trim()
            .replace(/\s+/g, ' '),
        ]),
    );
    faces.set(String(declarations['font-family']).replace(/^['"]|['"]$/g, ''), declarations);
  }
  return faces;
}

const expected = createFontStack([plusJakartaSans, arial, roboto], { fontFaceFormat: 'styleString' });
const expectedFaces = fontFaces(expected.fontFaces);
const ours = fontFaces(css);
const localNames = (src = '') => [...src.matchAll(/local\('([^']+)'\)/g)].map((match) => match[1]);

describe('the metric-matched fallback faces', () => {
  it('are the ones capsize computes for Arial and Roboto', () => {
    expect(expectedFaces.size).toBe(2);
    for (const [family, face] of expectedFaces) {
      const our = ours.get(family);
      expect(our).toBeDefined();
      expect({
        family,
        ascent: our?.['ascent-override'],
        descent: our?.['descent-override'],
        lineGap: our?.['line-gap-override'],
        size: our?.['size-adjust'],
      }).toEqual({
        family,
        ascent: face['ascent-override'],
        descent: face['descent-override'],
        lineGap: face['line-gap-override'] ?? '0%',
        size: face['size-adjust'],
      });
      // Every local name capsize looks for is tried (ours add metric-compatible stand-ins).
      expect(localNames(our?.src)).toEqual(expect.arrayContaining(localNames(face.src)));
    }
  });

  it('come right after the web font in the page font stack, before any unadjusted font', () => {
    const stack = /--font-sans:\s*([^;]+);/
      .exec(css)?.[1]
      ?.split(',')
      .map((name) => name.trim().replace(/^['"]|['"]$/g, ''));
    expect(stack?.slice(0, 3)).toEqual([WEB_FONT, ...expectedFaces.keys()]);
  });

  it('leave the web font itself as it was: swap, preloaded by gatsby-ssr', () => {
    expect(ours.get(WEB_FONT)?.['font-display']).toBe('swap');
  });
});
