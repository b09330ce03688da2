// Loaded on demand by MotionProvider so that framer-motion's animation engine stays out of the
// first-load JavaScript: on the embedded default nothing animates until content arrives later.
import { domAnimation } from 'framer-motion';

export default domAnimation;
