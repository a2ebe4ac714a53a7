import AxeBuilder from '@axe-core/playwright'
import { appendFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'

/** WCAG 2.1 A and AA, the level the app is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export interface A11yProblem {
  screen: string
  id: string
  impact: string
  help: string
  targets: string[]
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on what the page shows now
 * (dialogs and popovers included: they are in the document). Minor and moderate ones are not
 * counted here.
 */
export async function seriousViolations(page: Page, screen: string): Promise<A11yProblem[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const problems = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
  if (process.env.A11Y_REPORT) appendFileSync(path.resolve(process.env.A11Y_REPORT), JSON.stringify(problems) + '\n')
  return problems
}

export function describeProblems(problems: A11yProblem[]): string {
  return problems
    .map((p) => `${p.screen}: [${p.impact}] ${p.id}: ${p.help}\n    ${p.targets.join('\n    ')}`)
    .join('\n')
}
