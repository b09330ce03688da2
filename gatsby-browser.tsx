import type { GatsbyBrowser } from 'gatsby';
import { forceLightTheme } from './src/lib/force-light-theme';
import './src/styles.css';

// Before the first render, so a dark marker never reaches the hydrated page; the listener then
// stays for the life of the page.
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  forceLightTheme();
};
