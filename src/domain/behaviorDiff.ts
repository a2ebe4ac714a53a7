/**
 * Line diff of two behavior texts for the side-by-side view. Behavior texts are a few thousand
 * lines at most, so a plain LCS table is fast enough and easy to trust.
 */
export type DiffRowKind = 'same' | 'added' | 'removed' | 'changed'

export interface DiffRow {
  kind: DiffRowKind
  /** Line on the left (older) side, absent when the row only adds. */
  left?: { line: number; text: string }
  /** Line on the right (newer) side, absent when the row only removes. */
  right?: { line: number; text: string }
}

export interface DiffSummary {
  rows: DiffRow[]
  added: number
  removed: number
}

function splitLines(text: string): string[] {
  if (text === '') return []
  return text.replace(/\r\n?/g, '\n').split('\n')
}

/** Edit script of `a` into `b`: 'same', 'removed' (from a), 'added' (from b), in order. */
function editScript(a: string[], b: string[]): { op: 'same' | 'removed' | 'added'; ai: number; bi: number }[] {
  // Trim the common head and tail first: versions of one behavior mostly share them.
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const am = a.slice(head, a.length - tail)
  const bm = b.slice(head, b.length - tail)
  const n = am.length
  const m = bm.length
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = am[i] === bm[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])

  const ops: { op: 'same' | 'removed' | 'added'; ai: number; bi: number }[] = []
  for (let k = 0; k < head; k++) ops.push({ op: 'same', ai: k, bi: k })
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && am[i] === bm[j]) {
      ops.push({ op: 'same', ai: head + i, bi: head + j })
      i++
      j++
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      ops.push({ op: 'added', ai: -1, bi: head + j })
      j++
    } else {
      ops.push({ op: 'removed', ai: head + i, bi: -1 })
      i++
    }
  }
  for (let k = 0; k < tail; k++) ops.push({ op: 'same', ai: a.length - tail + k, bi: b.length - tail + k })
  return ops
}

/**
 * Side-by-side rows: unchanged lines face each other; a run of removals followed by additions
 * is paired up line by line as 'changed', the surplus stays 'removed' or 'added'.
 */
export function diffBehavior(older: string, newer: string): DiffSummary {
  const a = splitLines(older)
  const b = splitLines(newer)
  const ops = editScript(a, b)
  const rows: DiffRow[] = []
  let added = 0
  let removed = 0
  let k = 0
  while (k < ops.length) {
    if (ops[k].op === 'same') {
      const { ai, bi } = ops[k]
      rows.push({ kind: 'same', left: { line: ai + 1, text: a[ai] }, right: { line: bi + 1, text: b[bi] } })
      k++
      continue
    }
    const removals: number[] = []
    const additions: number[] = []
    while (k < ops.length && ops[k].op !== 'same') {
      if (ops[k].op === 'removed') removals.push(ops[k].ai)
      else additions.push(ops[k].bi)
      k++
    }
    removed += removals.length
    added += additions.length
    const pairs = Math.max(removals.length, additions.length)
    for (let p = 0; p < pairs; p++) {
      const ai = removals[p]
      const bi = additions[p]
      if (ai !== undefined && bi !== undefined)
        rows.push({ kind: 'changed', left: { line: ai + 1, text: a[ai] }, right: { line: bi + 1, text: b[bi] } })
      else if (ai !== undefined) rows.push({ kind: 'removed', left: { line: ai + 1, text: a[ai] } })
      else rows.push({ kind: 'added', right: { line: bi + 1, text: b[bi] } })
    }
  }
  return { rows, added, removed }
}
