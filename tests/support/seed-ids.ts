// Fixed ids of notable rows in supabase/seed.sql, for tests that need to name a row.
export const SEED_IDS = {
  material: {
    pet: '10000000-0000-4000-8000-000000000001',
    /** Textiles: inactive, never published. */
    inactive: '10000000-0000-4000-8000-000000000009',
  },
  timeline: {
    /** "Live beta at two sorting centres", the one `current` milestone. */
    current: '20000000-0000-4000-8000-000000000005',
    inactive: '20000000-0000-4000-8000-000000000007',
  },
  featureCard: {
    firstAdasorter: '30000000-0000-4000-8000-000000000001',
    firstWorker: '30000000-0000-4000-8000-000000000005',
    inactiveAdasorter: '30000000-0000-4000-8000-000000000009',
    inactiveWorker: '30000000-0000-4000-8000-000000000010',
  },
} as const;
