// The coverage cards' pictures (docs/architecture.md, "Pictures"). An editor's `image` is a site
// path (a file in static/) or a URL, usually a phone photo in Supabase Storage (the database takes a
// URL only from the project's bucket and the hosts operators list). The build downloads each URL
// from those places and processes it into small modern versions served from the site
// (src/components/Picture.tsx). A URL the build has not processed (a row changed since, delivered
// by the browser's refresh) is never loaded: the original is a phone photo of several MB, so the
// card shows its icon until the next build, which follows every edit within minutes.
//
// The processed versions are kept apart from the rows, in a map by URL: a refreshed row then
// compares equal to the built one (the refresh re-renders nothing when nothing changed), and a
// refreshed row whose picture is unchanged still gets the build's processed version.
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { isRemotePicture } from 'gatsby-source-supabase-content/browser';
import { pictureSrc } from './fallbacks';
import type { MaterialCoverageItem } from './types';

/** Each remote picture the build met, by URL: its processed versions, or null when it was not usable. */
export type BuiltPictures = ReadonlyMap<string, IGatsbyImageData | null>;

export const NO_BUILT_PICTURES: BuiltPictures = new Map();

/** A coverage node as the page query returns it: the row, and the file the build downloaded. */
export type CoverageNode = MaterialCoverageItem & {
  image_file: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
};

/** The rows exactly as the refresh delivers them, and the build's pictures by URL. */
export function splitCoverageNodes(nodes: readonly CoverageNode[]): { items: MaterialCoverageItem[]; pictures: BuiltPictures } {
  const pictures = new Map<string, IGatsbyImageData | null>();
  const items = nodes.map(({ image_file: file, ...row }) => {
    // The pictures the build tried (the plugin's `remoteImage` rule); site paths are served as they are.
    if (isRemotePicture(row.image)) pictures.set(row.image, file?.childImageSharp?.gatsbyImageData ?? null);
    return row;
  });
  return { items, pictures };
}

/** What a card shows: the build's processed picture, a file of the site loaded as it is, or the fallback icon. */
export type CardPicture = { kind: 'processed'; image: IGatsbyImageData } | { kind: 'site'; src: string } | { kind: 'icon' };

/**
 * A picture the build processed is shown from the site; one it could not use (dead, too large, not
 * an image) shows the icon, as the build warned, and so does a URL the build never saw (a row
 * changed since). A site path is loaded as it is (pictureSrc).
 */
export function cardPicture(image: string | null, built: BuiltPictures): CardPicture {
  const processed = image === null ? undefined : built.get(image);
  if (processed) return { kind: 'processed', image: processed };
  const src = pictureSrc(image);
  return src ? { kind: 'site', src } : { kind: 'icon' };
}
