import { ensureRendererBuilt } from '../../preview/buildRenderer'

/** One renderer build for the run (only when sources changed); each test then starts its own preview. */
export default async function globalSetup(): Promise<void> {
  // PREVIEW_RENDERER_DIR: test an already built renderer (e.g. one built from a clean checkout).
  if (!process.env.PREVIEW_RENDERER_DIR) await ensureRendererBuilt()
}
