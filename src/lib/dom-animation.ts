// The one module that names framer-motion's animation features, so they form a chunk of their own
// (see motion-features.ts).
export { domAnimation as default } from 'framer-motion';
