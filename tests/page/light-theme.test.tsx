// The light theme is forced, at load and whenever the system colour scheme changes
// (docs/behaviour.md#other-behaviour).
import { forceLightTheme } from '../../src/lib/force-light-theme';
import { onClientEntry } from '../../gatsby-browser';

type Listener = (event: MediaQueryListEvent) => void;

// A system colour scheme the test can flip, as the OS settings would.
function fakeColorScheme() {
  const listeners = new Set<Listener>();
  const query = {
    matches: false,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: 'change', listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: Listener) => listeners.delete(listener),
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: jest.fn(() => query) });
  return {
    flip(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark, media: query.media } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

const root = document.documentElement;
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
  root.className = '';
  root.removeAttribute('data-theme');
  root.removeAttribute('style');
  Reflect.deleteProperty(window, 'matchMedia');
});

it('removes a dark marker that is there at load', () => {
  fakeColorScheme();
  root.classList.add('dark', 'js');
  root.setAttribute('data-theme', 'dark');
  stop = forceLightTheme();
  expect(root).not.toHaveClass('dark');
  expect(root).toHaveClass('js');
  expect(root).not.toHaveAttribute('data-theme');
  expect(root.style.colorScheme).toBe('light');
});

it('removes a dark marker added later as soon as the system colour scheme changes', () => {
  const scheme = fakeColorScheme();
  stop = forceLightTheme();
  root.classList.add('dark');
  scheme.flip(true);
  expect(root).not.toHaveClass('dark');

  root.classList.add('dark');
  scheme.flip(false);
  expect(root).not.toHaveClass('dark');
});

it('stops listening when asked to', () => {
  const scheme = fakeColorScheme();
  forceLightTheme()();
  expect(scheme.listenerCount()).toBe(0);
});

it('is installed by gatsby-browser before the page renders', () => {
  const scheme = fakeColorScheme();
  root.classList.add('dark');
  onClientEntry?.({} as never, {} as never);
  expect(root).not.toHaveClass('dark');
  root.classList.add('dark');
  scheme.flip(true);
  expect(root).not.toHaveClass('dark');
});
