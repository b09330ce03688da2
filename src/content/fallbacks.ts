// What a card shows where its row has no usable value (docs/architecture.md): an adopted
// project's rows may leave any column but the name or title empty, and were written without the
// checks our migrations add.

/** A feature card's glyph colour when the row has none: the brand's deep teal. */
export const FEATURE_ICON_FALLBACK_COLOR = 'var(--color-brand-700)';

export function featureIconColor(color: string | null): string {
  return color ?? FEATURE_ICON_FALLBACK_COLOR;
}

/**
 * The picture a coverage card may load as it is: a site path (`/images/...`, from static/). A URL
 * elsewhere is shown only as the build processed it (src/content/pictures.ts), and anything else
 * (a relative path, `javascript:`, `data:`) shows the fallback icon: our migrations refuse such
 * values for new rows, but older rows were never checked.
 */
export function pictureSrc(image: string | null): string | null {
  return image !== null && /^\/[^/\\]/.test(image) ? image : null;
}
