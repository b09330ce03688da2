// Adopting existing projects, on the embedded PGlite: one in-memory database per legacy project.
import { openPGliteScratchDatabase } from '../support/database';
import { describeAdoption } from './suites/adoption';

describe('on PGlite', () => {
  describeAdoption(openPGliteScratchDatabase);
});
