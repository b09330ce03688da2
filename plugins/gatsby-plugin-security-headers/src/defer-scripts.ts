// Gatsby ends each page with <script src="…" async></script> tags for its runtime, React and the
// app. The page is complete without them (the content is in the HTML), yet on a slow phone network
// they compete with the HTML, CSS and font for the first paint, and Lighthouse's simulation counts
// every request started before the largest paint against it (docs/architecture.md: LCP within 10 %
// of the same page without scripts). So the tags become one small inline loader that starts the
// same files, in the same order, once the first contentful paint has happened. Gatsby 5 writes these
// tags through its scripts slice after onPreRenderHTML, so the rewrite happens on the written HTML.

const ASYNC_SCRIPT = /<script src="([^"]+)" async(?:="")?><\/script>/g;

/**
 * The loader. Where the browser reports paint timing, it waits for the first-contentful-paint
 * entry: a frame callback alone can run before the frame reaches the screen, and the bundles would
 * then be requested before the paint. Elsewhere a frame callback
 * followed by a timeout stands in: the frame callback runs just before a frame, the timeout after.
 */
export function loaderSource(sources: string[]): string {
  return `(function(s){var done=false;function go(){if(done)return;done=true;s.forEach(function(src){var e=document.createElement("script");e.src=src;e.async=true;document.body.appendChild(e)})}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true})}else{requestAnimationFrame(function(){setTimeout(go,0)})}})(${JSON.stringify(sources)});`;
}

/** The page with its async script tags replaced by the loader placed where the last one stood. */
export function deferScripts(html: string): string {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map((match) => match[1] as string);
  if (sources.length === 0) return html;
  let remaining = sources.length;
  return html.replace(ASYNC_SCRIPT, () => (--remaining === 0 ? `<script>${loaderSource(sources)}</script>` : ''));
}
