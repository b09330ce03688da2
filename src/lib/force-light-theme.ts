const DARK_SCHEME = '(prefers-color-scheme: dark)';

// The light theme is forced (docs/behaviour.md#other-behaviour). Whatever marks the document dark
// (a `dark` class or a data-theme="dark", as theme scripts and some hosts' toolbars add) is removed.
export function removeDarkMarkers(root: HTMLElement): void {
  root.classList.remove('dark');
  if (root.getAttribute('data-theme') === 'dark') root.removeAttribute('data-theme');
  root.style.colorScheme = 'light';
}

// At load and again whenever the system colour scheme changes. Returns the unsubscribe.
export function forceLightTheme(win: Window = window): () => void {
  const root = win.document.documentElement;
  removeDarkMarkers(root);
  if (typeof win.matchMedia !== 'function') return () => undefined;
  const query = win.matchMedia(DARK_SCHEME);
  const onChange = () => removeDarkMarkers(root);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
