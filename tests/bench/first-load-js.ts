// The JavaScript a page needs for its first render, read from the build (its HTML, Gatsby's
// webpack stats and the source maps): each file raw and gzip, and the largest modules in them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb } from './config';

interface SourceMap {
  mappings: string;
  sources: string[];
}

export interface FirstLoadJs {
  scripts: Array<{ src: string; kb: number; gzipKb: number }>;
  totalKb: number;
  totalGzipKb: number;
  inlineKb: number;
  largestModules: Array<{ name: string; kb: number }>;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source-map "mappings" → per generated line, segments of [column, source index]. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** "webpack://site/./node_modules/react-dom/cjs/x.js" → "react-dom"; site files keep their path. */
function moduleGroup(source: string): string {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  return pkg?.[1] ?? clean;
}

function attribute(code: string, map: SourceMap, totals: Map<string, number>): void {
  const lines = code.split('\n');
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    segments.forEach(([column, source], i) => {
      const end = segments[i + 1]?.[0] ?? text.length;
      const name = source >= 0 ? moduleGroup(map.sources[source] ?? '?') : '(webpack glue)';
      totals.set(name, (totals.get(name) ?? 0) + Math.max(0, end - column));
    });
  });
}

function jsFile(siteDir: string, src: string) {
  const file = path.join(siteDir, src.split('?')[0] ?? src);
  const code = readFileSync(file);
  return { src, bytes: code.length, gzip: gzipSync(code).length, file };
}

/**
 * The JavaScript a page (/ or a language's page, e.g. /id/) needs for its first render: the app
 * chunk group (Gatsby's runtime, React and the app, which the HTML starts after the first paint),
 * any other script the HTML names, plus the page component's chunk group, which Gatsby's loader
 * fetches before hydrating.
 */
export function firstLoadJs(siteDir: string, pagePath = '/'): FirstLoadJs {
  const html = readFileSync(path.join(siteDir, pagePath, 'index.html'), 'utf8');
  const sources = new Set<string>();
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1] ?? '')?.[1];
    if (!src) inlineBytes += Buffer.byteLength(match[2] ?? '');
    else if (!/^https?:/.test(src)) sources.add(src);
  }
  const pageDataDir = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  const readJson = (...parts: string[]): unknown => JSON.parse(readFileSync(path.join(siteDir, ...parts), 'utf8'));
  const pageData = readJson('page-data', pageDataDir, 'page-data.json') as { componentChunkName: string };
  const stats = readJson('webpack.stats.json') as { namedChunkGroups?: Record<string, { assets: Array<{ name: string }> }> };
  for (const name of ['app', pageData.componentChunkName]) {
    for (const asset of stats.namedChunkGroups?.[name]?.assets ?? []) if (asset.name.endsWith('.js')) sources.add(`/${asset.name}`);
  }
  const scripts = [...sources].map((src) => jsFile(siteDir, src));

  const modules = new Map<string, number>();
  for (const script of scripts) {
    const mapFile = `${script.file}.map`;
    if (existsSync(mapFile)) attribute(readFileSync(script.file, 'utf8'), JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap, modules);
  }
  const largestModules = [...modules.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, bytes]) => ({ name, kb: kb(bytes) }));
  return {
    scripts: scripts.map(({ src, bytes, gzip }) => ({ src, kb: kb(bytes), gzipKb: kb(gzip) })).sort((a, b) => b.gzipKb - a.gzipKb),
    totalKb: kb(scripts.reduce((n, s) => n + s.bytes, 0)),
    totalGzipKb: kb(scripts.reduce((n, s) => n + s.gzip, 0)),
    inlineKb: kb(inlineBytes),
    largestModules,
  };
}
