import { diffArrays } from 'diff'

/** Line diff of two behavior texts for the side-by-side view. */
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

type EditOp = { op: 'same' | 'removed' | 'added'; ai: number; bi: number }

/**
 * Edit script of `a` into `b`: 'same', 'removed' (from a), 'added' (from b), in order. jsdiff's
 * Myers diff keeps memory linear in the texts' length (a table of n·m cells would not be).
 */
function editScript(a: string[], b: string[]): EditOp[] {
  const ops: EditOp[] = []
  let ai = 0
  let bi = 0
  for (const change of diffArrays(a, b)) {
    for (let k = 0; k < change.count; k++) {
      if (change.added) ops.push({ op: 'added', ai: -1, bi: bi++ })
      else if (change.removed) ops.push({ op: 'removed', ai: ai++, bi: -1 })
      else ops.push({ op: 'same', ai: ai++, bi: bi++ })
    }
  }
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
