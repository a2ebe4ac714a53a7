import { ensureRendererBuilt } from '../harness/buildRenderer'

/** One renderer build for the run (only when sources changed); each test then starts its own preview. */
export default async function globalSetup(): Promise<void> {
  await ensureRendererBuilt()
}
