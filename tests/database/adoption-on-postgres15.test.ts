// Adopting existing projects, on a real PostgreSQL 15 cluster with Supabase's roles: the run's
// shared cluster, one database per legacy project. Without PostgreSQL binaries this file fails (it
// never skips): see tests/support/postgres.ts for where it looks and what to install.
import { Client } from 'pg';
import { openPostgresScratchDatabase } from '../support/postgres';
import { sharedClusterForTheFile } from '../support/shared-postgres';
import { describeAdoption } from './suites/adoption';

const cluster = sharedClusterForTheFile();

describe('on PostgreSQL 15', () => {
  describeAdoption(() => openPostgresScratchDatabase(cluster()));

  // Other suites migrate databases of this cluster at the same time, and a role's settings are the
  // cluster's: a migration that sets one while another database's transaction holds it must run again.
  test('a migration that meets another database altering the same role runs again once that one commits', async () => {
    const db = await openPostgresScratchDatabase(cluster());
    const role = `role_race_${process.pid}`;
    // Another database's migration, its transaction open.
    const holder = new Client({ host: '127.0.0.1', port: cluster().port, user: 'postgres', database: 'postgres' });
    await holder.connect();
    try {
      await cluster().client.query(`create role ${role} nologin; alter role ${role} set app.step = 'before'`);
      await holder.query(`begin; alter role ${role} set app.step = 'held'`);
      const migration = db.run(`alter role ${role} set app.step = 'migrated'`);
      // The migration now waits on the row the holder changed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('commit');
      await migration;
      const { rows } = await cluster().client.query<{ rolconfig: string[] }>('select rolconfig from pg_roles where rolname = $1', [role]);
      expect(rows[0]!.rolconfig).toEqual(['app.step=migrated']);
    } finally {
      await holder.end();
      await db.close();
      await cluster().client.query(`drop role if exists ${role}`);
    }
  });
});
