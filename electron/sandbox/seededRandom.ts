/** A small deterministic PRNG (mulberry32): the same seed always yields the same demo data. */
export class SeededRandom {
  private state: number

  constructor(seed: number) {
    this.state = (seed * 0x9e3779b1) >>> 0 || 1
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  digits(count: number): string {
    let s = ''
    for (let i = 0; i < count; i++) s += String(Math.floor(this.next() * 10))
    return s
  }

  /** An uppercase 32-hex id drawn from the sequence. */
  hexId(): string {
    let s = ''
    for (let i = 0; i < 4; i++)
      s += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0')
    return s.toUpperCase()
  }
}
