// Bahasa Indonesia, written for the company's first readers (waste banks, TPS3R operators,
// recyclers, city agencies) in the formal "Anda". Product names, RECOVER MORE and the figures stay.
// The texts are in ./id.texts.json, where a translator edits them; the type checks that none is
// missing.
import type { Dictionary } from '../dictionary';
import texts from './id.texts.json';

export const INDONESIAN: Dictionary = texts;
