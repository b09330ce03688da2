// A link whose fragment is not valid percent-encoding (`/act/#%E0%A4%A`, a token cut or mangled by a
// mail client) would leave the page blank: Gatsby's scroll handler calls decodeURI on the hash when
// the app mounts, and the URIError it throws unmounts everything. This inline script in the page's
// head (gatsby-ssr.tsx; the CSP allows it by hash) runs before Gatsby reads the address and drops
// such a fragment, so the page renders as without one (the /act/ page then says the link is not valid).
export const MALFORMED_FRAGMENT_SCRIPT = `(function(l,h){try{decodeURI(l.hash)}catch(e){h.replaceState(h.state,'',l.pathname+l.search)}})(location,history);`;
