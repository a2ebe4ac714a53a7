import type { z } from 'zod'

type Issue = z.core.$ZodIssue

/** `[0].id`, `data[2].name`: the notation a developer types to reach the field. */
export function fieldPathOf(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out
}

/**
 * The issue that best explains a mismatch. For a union (tolerant list envelopes), the branch that
 * got furthest into the data is the one the service meant, so its deepest issue is reported.
 */
function deepestIssue(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): { issue: Issue; path: PropertyKey[] } {
  let best: { issue: Issue; path: PropertyKey[] } | undefined
  for (const issue of issues) {
    const path = [...prefix, ...issue.path]
    let candidate = { issue, path }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      for (const branch of issue.errors) {
        if (branch.length === 0) continue
        const inner = deepestIssue(branch, path)
        if (candidate.issue === issue || inner.path.length > candidate.path.length) candidate = inner
      }
    }
    if (!best || candidate.path.length > best.path.length) best = candidate
  }
  if (!best) throw new Error('no issue to describe')
  return best
}

function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'unrecognized_keys':
      return `unexpected keys ${issue.keys.join(', ')}`
    default:
      return issue.message
  }
}

/** `agents.list: response field [0].id: expected string`, from the issues of the response schema. */
export function describeResponseMismatch(endpoint: string, issues: readonly Issue[]): string {
  const { issue, path } = deepestIssue(issues)
  const field = fieldPathOf(path)
  return field === ''
    ? `${endpoint}: response: ${describeIssue(issue)}`
    : `${endpoint}: response field ${field}: ${describeIssue(issue)}`
}
