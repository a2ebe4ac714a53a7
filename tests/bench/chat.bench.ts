// The 100,000-message chat in the browser preview, in real Chromium: time to the first screen of
// messages with the history already local, message nodes in the DOM while scrolling, frame times
// while scrolling up for 5 s, and the same chat rendered without virtualization as the baseline.
//   npm run bench -- chat
import { chromium } from '@playwright/test'
import { SEED_FACTS } from '../../electron/sandbox/seed'
import { startPreview } from '../harness/preview'
import type { Figure } from './run'
import { median, percentile, scrollUpFor, syncAgent, timeToFirstPaint } from './chatBenchPage'

/** Messages the baseline renders at once (a fifth of the chat; all of it takes minutes and gigabytes). */
const BASELINE_MESSAGES = 20_000
const OPEN_RUNS = 5

export default async function chatBench(): Promise<Record<string, Figure>> {
  const preview = await startPreview({ vault: 'memory', demoBigChat: true, systemLocale: 'en-US', log: () => {} })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-timer-throttling'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(preview.url)
    await page.getByRole('button', { name: 'Open the demo' }).click()
    await page.getByRole('heading', { name: 'Agents' }).waitFor()

    const syncStarted = performance.now()
    const sync = await syncAgent(preview, SEED_FACTS.agents.support)
    const syncSeconds = (performance.now() - syncStarted) / 1000
    console.log(`[chat bench] synced the support agent: ${sync.messagesStored} messages in ${syncSeconds.toFixed(1)} s`)

    const chatHash = `#/chats/${SEED_FACTS.bigChatId}`
    // A fresh page on the synced profile, as after a restart; then the chats list through the navigation.
    await page.reload()
    await page.getByRole('link', { name: 'Chats' }).click()
    await page.getByTestId('chats-rows').waitFor({ timeout: 120_000 })

    const opens: number[] = []
    for (let i = 0; i < OPEN_RUNS; i++) {
      opens.push(await timeToFirstPaint(page, chatHash))
      const source = await page.getByTestId('chat-source').textContent()
      if (!source?.includes('Offline copy')) throw new Error(`the chat was not read from the cache (${source})`)
      await page.evaluate(() => (location.hash = '#/chats'))
      await page.getByTestId('chats-choose').waitFor()
    }
    console.log(`[chat bench] open → first paint: ${opens.map((ms) => ms.toFixed(0)).join(', ')} ms`)

    await timeToFirstPaint(page, chatHash)
    await page.waitForTimeout(500)
    const run = await scrollUpFor(page, 5_000)
    const loaded = await page.evaluate(
      () => document.querySelectorAll('[data-testid="chat-scroller"] [data-index]').length,
    )
    console.log(
      `[chat bench] scrolled ${Math.round(run.scrolledPx)} px in ${run.frames.length} frames; ${loaded} rows rendered at the end`,
    )

    await page.evaluate(() => (location.hash = '#/chats'))
    await page.getByTestId('chats-choose').waitFor()
    const baseline = await timeToFirstPaint(page, `${chatHash}?novirtual=${BASELINE_MESSAGES}`, 10 * 60_000)
    const baselineNodes = await page.evaluate(() => document.querySelectorAll('[data-message-id]').length)
    console.log(`[chat bench] without virtualization: ${baselineNodes} message nodes, ${baseline.toFixed(0)} ms`)

    const firstPaint = median(opens)
    return {
      firstPaintMs: {
        value: Math.round(firstPaint),
        unit: 'ms',
        baseline: Math.round(baseline),
        ratio: +(firstPaint / baseline).toFixed(4),
        note: `median of ${OPEN_RUNS} opens from the offline cache (first, with the lazy view chunk: ${Math.round(opens[0])} ms); baseline = ${BASELINE_MESSAGES} messages unvirtualized`,
      },
      maxDomNodes: {
        value: run.maxNodes,
        unit: 'nodes',
        baseline: baselineNodes,
        note: 'most [data-message-id] elements at once while scrolling up for 5 s',
      },
      scrollP95FrameMs: {
        value: +percentile(run.frames, 95).toFixed(2),
        unit: 'ms',
        note: `rAF gaps over ${run.frames.length} frames scrolling up 40 px a frame, older pages loading from the cache; max ${Math.max(...run.frames).toFixed(1)} ms`,
      },
      baselineFirstPaintMs: {
        value: Math.round(baseline),
        unit: 'ms',
        note: `?novirtual=${BASELINE_MESSAGES}: the newest ${BASELINE_MESSAGES} of ${SEED_FACTS.bigChatMessageCount} messages read from the cache (500 a request) and all rendered`,
      },
    }
  } catch (err) {
    await browser
      .contexts()[0]
      ?.pages()[0]
      ?.screenshot({ path: 'test-results/bench-chat-failure.png' })
      .catch(() => undefined)
    throw err
  } finally {
    await browser.close()
    await preview.close()
  }
}
