// Gatsby ends each page with <script src="…" async></script> tags for its runtime, React and the
// app. The page is complete without them (the content is in the HTML), yet on a slow phone network
// they compete with the HTML, CSS and font for the first paint, and Lighthouse's simulation counts
// every request started before the largest paint against it (DESIGN.md: LCP within 10 % of the same
// page without scripts). So the tags become one small inline loader that starts the same files, in
// the same order, right after the first frame is painted. Gatsby 5 writes these tags through its
// scripts slice after onPreRenderHTML, so the rewrite happens on the written HTML.

const ASYNC_SCRIPT = /<script src="([^"]+)" async(?:="")?><\/script>/g;

export function loaderSource(sources: string[]): string {
  // requestAnimationFrame runs just before the first frame is painted; the timeout runs after it.
  return `(function(s){function go(){s.forEach(function(src){var e=document.createElement("script");e.src=src;e.async=true;document.body.appendChild(e)})}requestAnimationFrame(function(){setTimeout(go,0)})})(${JSON.stringify(sources)});`;
}

/** The page with its async script tags replaced by the loader placed where the last one stood. */
export function deferScripts(html: string): string {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map((match) => match[1] as string);
  if (sources.length === 0) return html;
  let remaining = sources.length;
  return html.replace(ASYNC_SCRIPT, () => (--remaining === 0 ? `<script>${loaderSource(sources)}</script>` : ''));
}
