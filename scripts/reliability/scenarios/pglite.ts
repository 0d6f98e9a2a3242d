// The embedded database: a process on a PGlite data directory killed with SIGKILL while it writes.
// The directory must open again (the next start takes over the dead process's lock), serve, and
// hold every acknowledged write with nothing half-made; every row of every table must read.
import path from 'node:path';
import { appProcess, type AppProcess } from '../../cluster.mjs';
import { filesWithoutBytes, pglite, tableDigests } from '../database';
import { tag } from '../fixtures';
import { Browser, DEMO } from '../http';
import { pnpUploadProblems, unfinishedUploads, userUploadProblems, workflowProblems } from '../invariants';
import { acknowledged, newWorkflowPnps, uploadWriters, workflowWriters } from '../load';
import { held, seconds, type Scenario, type Suite } from '../suite';

/** An application process on its own PGlite data directory (the demo data copied in at first start). */
export function pgliteApp(suite: Suite, dataDir: string, port: number, name: string): AppProcess {
  return appProcess({
    name,
    port,
    logFile: path.join(suite.tmp, `${name}.log`),
    env: {
      ...suite.appEnv,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      FILE_STORE_DIR: path.join(dataDir, 'files'),
      TRUST_PROXY: '',
    },
  });
}

export const pgliteSurvivesKill: Scenario = {
  key: 'pglite-kill',
  title: 'The PGlite data directory survives SIGKILL',
  async run(suite, attempt) {
    const dataDir = path.join(suite.tmp, 'pglite');
    const app = pgliteApp(suite, dataDir, suite.sparePorts[0]!, 'pglite');
    await app.start();
    try {
      const b = new Browser(app.url);
      const { orgId, userId } = await b.signIn(DEMO.admin.login, DEMO.admin.password);
      const pnps = await newWorkflowPnps(b, orgId, userId, 2);
      const prefix = `rel-pg-${tag()}`;
      const flow = workflowWriters(b, orgId, pnps);
      const uploads = await uploadWriters(b, orgId, {
        pnpWriters: 1,
        userWriters: 1,
        filesPerUpload: 3,
        usersPerSheet: 10,
        userPrefix: prefix,
      });
      await acknowledged([flow.writers, uploads.writers], 3 + (attempt % 5));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
      await app.kill('SIGKILL');
      flow.writers.stop();
      uploads.writers.stop();
      await Promise.all([flow.writers.done, uploads.writers.done]);
      const restartAt = Date.now();
      await app.start();
      const restartSeconds = seconds(restartAt);
      const again = new Browser(app.url);
      await again.signIn(DEMO.admin.login, DEMO.admin.password);
      // The application lets go of the directory; the suite opens it and reads everything.
      await app.stop();
      const db = await pglite(dataDir);
      try {
        const problems = [
          ...flow.writers.unexpected,
          ...uploads.writers.unexpected,
          ...(await workflowProblems(db.sql, flow.ledgers)),
          ...(await unfinishedUploads(db.sql)),
          ...(await pnpUploadProblems(db.sql, uploads.binderIds, uploads.pnpUploads)),
          ...(await userUploadProblems(db.sql, prefix, uploads.ackedUsernames)),
          ...(await filesWithoutBytes(db.sql, path.join(dataDir, 'files'))),
        ];
        const tables = (await tableDigests(db.sql)).size;
        return held(problems, {
          'acknowledged writes': flow.writers.acked + uploads.writers.acked,
          'restart s': restartSeconds,
          'tables read': tables,
        });
      } finally {
        await db.close();
      }
    } finally {
      await app.stop();
    }
  },
};
