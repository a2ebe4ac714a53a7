import type { Configuration, FileSet } from 'app-builder-lib'
import { getFileMatchers, type FileMatcher } from 'app-builder-lib/out/fileMatcher'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import { load } from 'js-yaml'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..', '..')
const PROJECT = '/project'

const RELEASE_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
}

/** What a packaged app must contain (from electron-vite's out/) and what it must never contain. */
const MUST_SHIP = ['package.json', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const MUST_NOT_SHIP = [
  'preview/preview.ts',
  'preview/page/bridge.ts',
  'tests/e2e/agents.spec.ts',
  'tests/unit/dist/updater.test.ts',
  'tests/bench/run.ts',
  'src/main.ts',
  'src/App.vue',
  'electron/main/index.ts',
  'electron/sandbox/server.ts',
  'scripts/icons.ts',
  'docs/release.md',
  'out/main/index.js.map',
  'out/renderer/assets/index-abc123.js.map',
  'electron.vite.config.ts',
  'vitest.config.ts',
  'tsconfig.json',
  'resources/icon.svg',
]

/** Runs electron-builder's own validation (scheme.json through its ajv), on a copy: ajv may coerce. */
async function validateWithElectronBuilder(config: Configuration): Promise<void> {
  await validateConfiguration(structuredClone(config), new DebugLogger(false))
}

/** Whether electron-builder's own file matcher would copy this project file into the app. */
function shipped(config: Configuration, relativePath: string): boolean {
  const matchers = getFileMatchers(config, 'files', '/app', {
    macroExpander: (pattern) => pattern,
    customBuildOptions: {},
    globalOutDir: `${PROJECT}/release`,
    defaultSrc: PROJECT,
  })
  const file = { isDirectory: () => false }
  return (matchers ?? []).some((matcher) =>
    matcher.createFilter()(
      `${PROJECT}/${relativePath}`,
      file as Parameters<ReturnType<typeof matcher.createFilter>>[1],
    ),
  )
}

/** electron-builder's matcher for files inside node_modules; marked internal, so absent from its typings. */
const { getNodeModuleFileMatcher } = createRequire(import.meta.url)('app-builder-lib/out/fileMatcher') as {
  getNodeModuleFileMatcher: (
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformSpecificBuildOptions: object,
    packager: { config: Configuration; debugLogger: DebugLogger },
  ) => FileMatcher
}

type Platform = 'mac' | 'win' | 'linux'
const PLATFORM_NAME: Record<Platform, string> = { mac: 'darwin', win: 'win32', linux: 'linux' }

/**
 * Whether electron-builder's node_modules matcher (the exclusions of `files`, top level and the
 * platform's own) would copy this dependency file into that platform's installer for that arch.
 */
function shippedDependencyFile(
  config: Configuration,
  relativePath: string,
  platform: Platform = 'linux',
  arch = 'x64',
): boolean {
  const packager = { config, debugLogger: new DebugLogger(false) }
  // The macros electron-builder expands in file patterns (a subset: the ones this config uses).
  const expand = (pattern: string) =>
    pattern.replaceAll('${arch}', arch).replaceAll('${platform}', PLATFORM_NAME[platform]).replaceAll('${os}', platform)
  const filter = getNodeModuleFileMatcher(PROJECT, '/app', expand, config[platform] ?? {}, packager).createFilter()
  const file = { isDirectory: () => false }
  return filter(`${PROJECT}/${relativePath}`, file as Parameters<typeof filter>[1])
}

function unpacked(config: Configuration, relativePath: string): boolean {
  const matchers = getFileMatchers(config, 'asarUnpack', '/app', {
    macroExpander: (pattern) => pattern,
    customBuildOptions: {},
    globalOutDir: `${PROJECT}/release`,
    defaultSrc: PROJECT,
  })
  const file = { isDirectory: () => false }
  return (matchers ?? []).some((matcher) =>
    matcher.createFilter()(
      `${PROJECT}/${relativePath}`,
      file as Parameters<ReturnType<typeof matcher.createFilter>>[1],
    ),
  )
}

/** The native binaries, which must load from real files beside the asar. */
const NATIVE_BINARIES = ['keytar/build/Release/keytar.node', 'better-sqlite3-multiple-ciphers/prebuilds/linux-x64.node']
/** The native modules' JavaScript, which must stay inside the asar. */
const NATIVE_SCRIPTS = [
  'keytar/lib/keytar.js',
  'keytar/package.json',
  'better-sqlite3-multiple-ciphers/lib/index.js',
  'better-sqlite3-multiple-ciphers/lib/binding.js',
  'better-sqlite3-multiple-ciphers/package.json',
]

const DISABLE_LIBRARY_VALIDATION = 'com.apple.security.cs.disable-library-validation'

/** The keys an entitlements plist grants. */
function entitlementKeys(file: string): string[] {
  const plist = readFileSync(join(root, file), 'utf8')
  return [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]).sort()
}

/**
 * The release policy of docs/release.md, on top of the schema: every reason this configuration
 * must not be shipped. An empty list means it may be.
 */
function releaseProblems(config: Configuration): string[] {
  const problems: string[] = []
  for (const path of MUST_SHIP) if (!shipped(config, path)) problems.push(`${path} is not packaged`)
  for (const path of MUST_NOT_SHIP) if (shipped(config, path)) problems.push(`${path} would be shipped`)
  for (const [fuse, value] of Object.entries(RELEASE_FUSES)) {
    const actual = (config.electronFuses as Record<string, unknown> | null | undefined)?.[fuse]
    if (actual !== value) problems.push(`fuse ${fuse} is ${String(actual)}, must be ${value}`)
  }
  for (const native of NATIVE_BINARIES) {
    if (!unpacked(config, `node_modules/${native}`)) problems.push(`${native} stays inside the asar`)
  }
  // Anything unpacked escapes the asar integrity check: only the binaries dlopen needs on disk.
  for (const script of NATIVE_SCRIPTS) {
    if (unpacked(config, `node_modules/${script}`)) problems.push(`${script} is unpacked from the asar`)
  }
  const asarOptions = typeof config.asar === 'object' ? config.asar : null
  if (asarOptions?.smartUnpack !== false)
    problems.push('asar.smartUnpack must be false: it unpacks every package that holds a binary, JS and all')
  if (config.npmRebuild !== false)
    problems.push('npmRebuild must be false: electron-rebuild --only keytar rebuilds explicitly')
  if (config.asar === false) problems.push('asar is off: the integrity fuses need an asar')
  const mac = config.mac ?? {}
  if (mac.hardenedRuntime !== true) problems.push('mac: hardened runtime is off')
  if (mac.notarize !== true) problems.push('mac: notarization is off')
  if (mac.entitlements !== 'resources/entitlements.mac.plist') problems.push('mac: entitlements file is not ours')
  for (const file of new Set([mac.entitlements, mac.entitlementsInherit].filter((f) => typeof f === 'string'))) {
    if (entitlementKeys(file).includes(DISABLE_LIBRARY_VALIDATION))
      problems.push(`mac: ${file} turns library validation off (only the ad-hoc smoke build may)`)
  }
  const win = config.win ?? {}
  if (!win.signtoolOptions?.publisherName && !win.azureSignOptions?.publisherName) {
    problems.push('win: no publisher name, so updates could not check who signed them')
  }
  if (win.verifyUpdateCodeSignature === false) problems.push('win: update signature check is off')
  if (win.signtoolOptions?.certificatePassword || win.signtoolOptions?.certificateFile) {
    problems.push('win: signing credentials belong in the environment, not in the config')
  }
  if (config.nsis?.perMachine !== false) problems.push('nsis: must install per user')
  if (config.nsis?.allowElevation !== false) problems.push('nsis: must not ask for elevation')
  const publish = [config.publish].flat()
  if (!publish.some((p) => typeof p === 'object' && p !== null && p.provider === 'github')) {
    problems.push('publish: no GitHub provider for electron-updater')
  }
  return problems
}

function targetNames(target: unknown): string[] {
  return [target]
    .flat()
    .map((t) => (typeof t === 'string' ? t : (t as { target: string }).target))
    .filter(Boolean)
}

let config: Configuration
let yamlText: string

beforeAll(() => {
  yamlText = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
  config = load(yamlText) as Configuration
})

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own configuration validation', async () => {
    await expect(validateWithElectronBuilder(config)).resolves.toBeUndefined()
  })

  it('meets the release policy: files, fuses, natives, signing, notarization, per-user install, publish', () => {
    expect(releaseProblems(config)).toEqual([])
  })

  it('names the app and keeps the icons and entitlements it points at in resources/', () => {
    expect(config.appId).toBe('ai.agentdesk.app')
    expect(config.productName).toBe('Agent Desk')
    expect(config.copyright).toMatch(/Agent Desk/)
    for (const file of [config.mac?.icon, config.win?.icon, config.mac?.entitlements, 'resources/icons/512x512.png']) {
      expect(() => readFileSync(join(root, String(file)))).not.toThrow()
    }
  })

  it('builds dmg + zip on macOS, NSIS on Windows, AppImage + deb on Linux', () => {
    expect(targetNames(config.mac?.target).sort()).toEqual(['dmg', 'zip'])
    expect(targetNames(config.win?.target)).toEqual(['nsis'])
    expect(targetNames(config.linux?.target).sort()).toEqual(['AppImage', 'deb'])
    expect(config.linux?.desktop?.entry?.Categories).toMatch(/Network|Office/)
  })

  it('packages the native modules’ binaries and JavaScript but not their C sources or build leftovers', () => {
    const sqlite = 'node_modules/better-sqlite3-multiple-ciphers'
    for (const needed of [`${sqlite}/prebuilds/linux-x64.node`, `${sqlite}/lib/index.js`, `${sqlite}/package.json`]) {
      expect(shippedDependencyFile(config, needed), needed).toBe(true)
    }
    expect(shippedDependencyFile(config, 'node_modules/keytar/build/Release/keytar.node')).toBe(true)
    expect(shippedDependencyFile(config, 'node_modules/electron-updater/out/main.js')).toBe(true)
    for (const leftover of [
      `${sqlite}/deps/sqlite3/sqlite3.c`,
      `${sqlite}/src/better_sqlite3.cpp`,
      `${sqlite}/binding.gyp`,
      `${sqlite}/build/Release/better_sqlite3.node`,
      'node_modules/keytar/src/main.cc',
    ]) {
      expect(shippedDependencyFile(config, leftover), leftover).toBe(false)
    }
  })

  it('gives each installer only its own platform’s SQLite binary of the eight prebuilts', () => {
    const prebuilts = [
      'darwin-arm64',
      'darwin-x64',
      'linux-arm64',
      'linux-x64',
      'linuxmusl-arm64',
      'linuxmusl-x64',
      'win32-arm64',
      'win32-x64',
    ]
    const shippedFor = (platform: Platform, arch: string) =>
      prebuilts.filter((p) =>
        shippedDependencyFile(
          config,
          `node_modules/better-sqlite3-multiple-ciphers/prebuilds/${p}.node`,
          platform,
          arch,
        ),
      )
    // The universal macOS app is made of an x64 and an arm64 build that must hold the same files.
    expect(shippedFor('mac', 'x64')).toEqual(['darwin-arm64', 'darwin-x64'])
    expect(shippedFor('mac', 'arm64')).toEqual(['darwin-arm64', 'darwin-x64'])
    expect(shippedFor('win', 'x64')).toEqual(['win32-x64'])
    expect(shippedFor('win', 'arm64')).toEqual(['win32-arm64'])
    expect(shippedFor('linux', 'x64')).toEqual(['linux-x64'])
    expect(shippedFor('linux', 'arm64')).toEqual(['linux-arm64'])
    // …and @electron/universal keeps those single-arch files as they are instead of merging them.
    expect(config.mac?.x64ArchFiles).toBe('**/node_modules/better-sqlite3-multiple-ciphers/prebuilds/darwin-*.node')
  })

  it('grants exactly the two hardened-runtime exceptions Electron needs, and keeps library validation on', () => {
    expect(config.mac?.entitlementsInherit).toBe('resources/entitlements.mac.plist')
    expect(entitlementKeys('resources/entitlements.mac.plist')).toEqual([
      'com.apple.security.cs.allow-jit',
      'com.apple.security.cs.allow-unsigned-executable-memory',
    ])
  })

  it('unpacks only the native binaries from the asar: their JavaScript stays inside', () => {
    expect(config.asarUnpack).toEqual(['**/*.node'])
    for (const binary of NATIVE_BINARIES) expect(unpacked(config, `node_modules/${binary}`), binary).toBe(true)
    for (const script of NATIVE_SCRIPTS) expect(unpacked(config, `node_modules/${script}`), script).toBe(false)
  })

  it('holds no credentials: they come from the environment', () => {
    expect(yamlText).not.toMatch(/-----BEGIN|certificatePassword|password\s*:|APPLE_API_KEY\s*:|GH_TOKEN\s*:/i)
  })
})

describe('the release policy catches a bad configuration', () => {
  it('fails a config whose files would ship the browser preview and the tests', () => {
    const widened = { ...config, files: [...[config.files].flat(), 'tests/**', 'preview/**'] as (string | FileSet)[] }
    expect(releaseProblems(widened)).toEqual(
      expect.arrayContaining(['preview/preview.ts would be shipped', 'tests/e2e/agents.spec.ts would be shipped']),
    )
  })

  it('fails a config that packages the whole project directory', () => {
    const everything = { ...config, files: ['**/*'] }
    const problems = releaseProblems(everything)
    expect(problems).toContain('preview/preview.ts would be shipped')
    expect(problems).toContain('out/main/index.js.map would be shipped')
  })

  it('fails a config that unpacks the native modules whole, or lets smartUnpack do it', () => {
    const whole = {
      ...config,
      asarUnpack: ['**/node_modules/keytar/**', '**/node_modules/better-sqlite3-multiple-ciphers/**', '**/*.node'],
    }
    expect(releaseProblems(whole)).toEqual(NATIVE_SCRIPTS.map((script) => `${script} is unpacked from the asar`))
    expect(releaseProblems({ ...config, asar: true })).toEqual([
      'asar.smartUnpack must be false: it unpacks every package that holds a binary, JS and all',
    ])
  })

  it('fails a release signed with the smoke build’s entitlements (library validation off)', () => {
    const smoky = { ...config, mac: { ...config.mac, entitlementsInherit: 'resources/entitlements.smoke.mac.plist' } }
    expect(releaseProblems(smoky)).toEqual([
      'mac: resources/entitlements.smoke.mac.plist turns library validation off (only the ad-hoc smoke build may)',
    ])
  })

  it('fails a config with a debug fuse left on or notarization off', () => {
    const loose = {
      ...config,
      electronFuses: { ...config.electronFuses, runAsNode: true },
      mac: { ...config.mac, notarize: false },
    }
    expect(releaseProblems(loose)).toEqual(['fuse runAsNode is true, must be false', 'mac: notarization is off'])
  })

  it('is backed by the schema: electron-builder rejects an option of the wrong shape', async () => {
    const wrong = { ...config, nsis: { ...config.nsis, perMachine: { yes: true } } } as unknown as Configuration
    await expect(validateWithElectronBuilder(wrong)).rejects.toThrow(/nsis/)
  })
})

describe('electron-builder.smoke.yml (the build the Electron smoke test drives)', () => {
  let smoke: Configuration
  beforeAll(async () => {
    // electron-builder's own loader, so `extends` merges exactly as it will when packaging.
    smoke = await getConfig(root, 'electron-builder.smoke.yml', null)
  })

  it('passes electron-builder’s validation after merging the release config', async () => {
    await expect(validateWithElectronBuilder(smoke)).resolves.toBeUndefined()
  })

  it('turns library validation off, in its own entitlements only: the ad-hoc signature has no Team ID', () => {
    expect(smoke.mac?.identity).toBe('-')
    expect(smoke.mac?.entitlements).toBe('resources/entitlements.smoke.mac.plist')
    expect(smoke.mac?.entitlementsInherit).toBe('resources/entitlements.smoke.mac.plist')
    expect(entitlementKeys('resources/entitlements.smoke.mac.plist')).toEqual([
      ...entitlementKeys('resources/entitlements.mac.plist'),
      DISABLE_LIBRARY_VALIDATION,
    ])
  })

  it('differs from the release build only by the inspector fuse, and is never published', () => {
    expect(smoke.asarUnpack).toEqual(config.asarUnpack)
    expect(smoke.asar).toEqual(config.asar)
    expect(smoke.electronFuses).toEqual({ ...config.electronFuses, enableNodeCliInspectArguments: true })
    expect(smoke.publish).toBeNull()
    expect(smoke.directories?.output).toBe('release/smoke')
    for (const path of MUST_NOT_SHIP) expect(shipped(smoke, path), path).toBe(false)
  })
})
