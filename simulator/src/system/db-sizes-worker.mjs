// Measures every table and index of a database file (dbstat: a scan of every page) away from the
// server's thread, which a large file would block for seconds. Plain JavaScript: it runs without
// the server's TypeScript loader. See db-sizes.ts.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

const db = new Database(workerData.file, { readonly: true, fileMustExist: true })
try {
  const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all()
  parentPort.postMessage({ rows })
} catch (error) {
  parentPort.postMessage({ error: String(error) })
} finally {
  db.close()
}
