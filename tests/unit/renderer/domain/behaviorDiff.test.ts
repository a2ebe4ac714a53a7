import { describe, expect, it } from 'vitest'
import { diffBehavior } from '../../../../src/domain/behaviorDiff'

describe('diffBehavior', () => {
  it('shows identical texts as unchanged rows facing each other', () => {
    const d = diffBehavior('a\nb', 'a\nb')
    expect(d.rows.map((r) => r.kind)).toEqual(['same', 'same'])
    expect(d.added + d.removed).toBe(0)
  })

  it('pairs a replaced line as changed, keeping line numbers of both sides', () => {
    const d = diffBehavior('Olá\nSeja formal\nTchau', 'Olá\nSeja simpático\nTchau')
    expect(d.rows).toEqual([
      { kind: 'same', left: { line: 1, text: 'Olá' }, right: { line: 1, text: 'Olá' } },
      { kind: 'changed', left: { line: 2, text: 'Seja formal' }, right: { line: 2, text: 'Seja simpático' } },
      { kind: 'same', left: { line: 3, text: 'Tchau' }, right: { line: 3, text: 'Tchau' } },
    ])
    expect(d).toMatchObject({ added: 1, removed: 1 })
  })

  it('reports pure insertions and deletions on one side only', () => {
    const d = diffBehavior('a\nc', 'a\nb\nc\nd')
    expect(d.rows.map((r) => r.kind)).toEqual(['same', 'added', 'same', 'added'])
    expect(d.rows[1].left).toBeUndefined()
    expect(d.rows[1].right).toEqual({ line: 2, text: 'b' })
    const back = diffBehavior('a\nb\nc\nd', 'a\nc')
    expect(back.rows.map((r) => r.kind)).toEqual(['same', 'removed', 'same', 'removed'])
    expect(back.removed).toBe(2)
  })

  it('treats an empty side as all added or all removed', () => {
    expect(diffBehavior('', 'x\ny').rows.map((r) => r.kind)).toEqual(['added', 'added'])
    expect(diffBehavior('x', '').rows.map((r) => r.kind)).toEqual(['removed'])
    expect(diffBehavior('', '').rows).toEqual([])
  })

  it('ignores Windows line endings when comparing', () => {
    expect(diffBehavior('a\r\nb', 'a\nb').rows.every((r) => r.kind === 'same')).toBe(true)
  })

  it('keeps every line of both texts exactly once, in order', () => {
    const older = Array.from({ length: 200 }, (_, i) => `line ${i % 17}`).join('\n')
    const newer = Array.from({ length: 230 }, (_, i) => `line ${(i * 7) % 19}`).join('\n')
    const d = diffBehavior(older, newer)
    const left = d.rows.flatMap((r) => (r.left ? [r.left.text] : []))
    const right = d.rows.flatMap((r) => (r.right ? [r.right.text] : []))
    expect(left.join('\n')).toBe(older)
    expect(right.join('\n')).toBe(newer)
  })

  it('diffs two long behaviors that differ at both ends (memory linear in their length)', () => {
    // A table of every line pair would need 40,000² cells here; the diff must not build one.
    const lines = Array.from({ length: 40_000 }, (_, i) => `regra ${i}`)
    const older = ['início antigo', ...lines, 'fim antigo'].join('\n')
    const newer = ['início novo', ...lines, 'fim novo'].join('\n')
    const d = diffBehavior(older, newer)
    expect(d.added).toBe(2)
    expect(d.removed).toBe(2)
    expect(d.rows.filter((r) => r.kind === 'same')).toHaveLength(40_000)
    expect(d.rows[0]).toEqual({
      kind: 'changed',
      left: { line: 1, text: 'início antigo' },
      right: { line: 1, text: 'início novo' },
    })
  })
})
