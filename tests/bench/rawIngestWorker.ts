import { parentPort, workerData } from 'node:worker_threads'
import { rawDatabase, type RawRow } from './rawDatabase'

// The raw loop of the ingest profile in a thread of its own, so V8's --cpu-prof profiles it
// exactly as it profiles the cache worker. Rows arrive prepared; only the writes are timed.
const { file, rows, groupRows } = workerData as { file: string; rows: RawRow[]; groupRows: number }
const raw = rawDatabase(file)
const started = performance.now()
for (let i = 0; i < rows.length; i += groupRows) raw.write(rows.slice(i, i + groupRows))
const ms = performance.now() - started
raw.db.close()
parentPort?.postMessage(ms)
