import { describe, expect, it } from 'vitest'
import { TRAINING_TYPES } from '../../electron/contract/resources/training'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

const session = useSandbox()
const support = { agentId: SEED_FACTS.agents.support }

function listOf(
  type: (typeof TRAINING_TYPES)[number],
  extra: { page?: number; pageSize?: number; query?: string } = {},
) {
  return session.api.trainings.list({ path: support, query: { type, pageSize: 100, ...extra } })
}

describe('trainings.list', () => {
  it('lists only the trainings of the type asked for, as {data, count}', async () => {
    for (const type of TRAINING_TYPES) {
      const page = await listOf(type)
      expect(page.data.length, type).toBeGreaterThan(0)
      expect(page.count, type).toBe(page.data.length)
      expect(new Set(page.data.map((t) => t.type)), type).toEqual(new Set([type]))
      expect(session.sent.at(-1)).toContain(`type=${type}`)
    }
    expect((await listOf('TEXT')).data.map((t) => t.id)).toContain(SEED_FACTS.textTrainingId)
    expect((await listOf('WEBSITE')).data.map((t) => t.id)).toContain(SEED_FACTS.nonTextTrainingId)
    expect((await listOf('DOCUMENT')).data.map((t) => t.id)).toContain(SEED_FACTS.documentTrainingId)
  })

  it('pages from 1, with count the number of all matches', async () => {
    const all = await listOf('TEXT')
    const first = await listOf('TEXT', { page: 1, pageSize: 2 })
    const second = await listOf('TEXT', { page: 2, pageSize: 2 })
    expect(first.data).toHaveLength(2)
    expect(first.count).toBe(all.count)
    expect([...first.data, ...second.data].map((t) => t.id)).toEqual(all.data.map((t) => t.id))
  })

  it('filters with query', async () => {
    const [target] = (await listOf('TEXT')).data
    const words = (target.text ?? '').split(/\s+/).slice(0, 3).join(' ')
    const found = await listOf('TEXT', { query: words })
    expect(found.data.map((t) => t.id)).toContain(target.id)
    expect(found.data.every((t) => (t.text ?? '').toLowerCase().includes(words.toLowerCase()))).toBe(true)
    expect((await listOf('TEXT', { query: 'zzz no training says this zzz' })).data).toEqual([])
  })
})

describe('trainings.create', () => {
  it('creates a TEXT training that then appears in the TEXT list only', async () => {
    const created = await session.api.trainings.create({
      path: support,
      body: { type: 'TEXT', text: 'Returns are free within 30 days.' },
    })
    expect(created.id).toEqual(expect.any(String))
    const text = await listOf('TEXT')
    expect(text.data.find((t) => t.id === created.id)).toMatchObject({
      type: 'TEXT',
      text: 'Returns are free within 30 days.',
    })
    expect((await listOf('WEBSITE')).data.map((t) => t.id)).not.toContain(created.id)
  })

  it('creates a WEBSITE training with its options', async () => {
    const created = await session.api.trainings.create({
      path: support,
      body: {
        type: 'WEBSITE',
        website: 'https://help.example.com',
        trainingSubPages: 'ACTIVE',
        trainingInterval: 'ONE_DAY',
      },
    })
    const listed = (await listOf('WEBSITE')).data.find((t) => t.id === created.id)
    expect(listed).toMatchObject({
      website: 'https://help.example.com',
      trainingSubPages: 'ACTIVE',
      trainingInterval: 'ONE_DAY',
    })
  })
})

describe('trainings.update', () => {
  it('updates the text of a TEXT training', async () => {
    const answer = await session.api.trainings.update({
      path: { trainingId: SEED_FACTS.textTrainingId },
      body: { type: 'TEXT', text: 'Updated by the contract test' },
    })
    expect(answer).toMatchObject({ success: true })
    const listed = (await listOf('TEXT')).data.find((t) => t.id === SEED_FACTS.textTrainingId)
    expect(listed?.text).toBe('Updated by the contract test')
  })

  it('takes an image of "" as the vendor document allows, and removes the image', async () => {
    const path = { trainingId: SEED_FACTS.textTrainingId }
    const image = 'https://cdn.example.com/training.png'
    await session.api.trainings.update({ path, body: { type: 'TEXT', text: 'With an image', image } })
    expect((await listOf('TEXT')).data.find((t) => t.id === path.trainingId)?.image).toBe(image)
    const raw = await session.raw('PUT', `/v2/training/${path.trainingId}`, {
      body: JSON.stringify({ type: 'TEXT', text: 'Image emptied', image: '' }),
    })
    expect(raw).toEqual({ status: 200, body: { success: true } })
    expect(
      await session.api.trainings.update({ path, body: { type: 'TEXT', text: 'Image emptied', image: '' } }),
    ).toMatchObject({ success: true })
    const listed = (await listOf('TEXT')).data.find((t) => t.id === path.trainingId)
    expect(listed).toMatchObject({ text: 'Image emptied' })
    expect(listed?.image ?? null).toBeNull()
  })

  it('refuses to update a training that is not TEXT, with the service text, and leaves it unchanged', async () => {
    const before = (await listOf('WEBSITE')).data.find((t) => t.id === SEED_FACTS.nonTextTrainingId)
    const error = await failureOf(
      session.api.trainings.update({
        path: { trainingId: SEED_FACTS.nonTextTrainingId },
        body: { type: 'TEXT', text: 'should not land' },
      }),
    )
    expect(error).toMatchObject({ kind: 'validation', status: 400, endpoint: 'trainings.update' })
    expect(error.message).toMatch(/TEXT/)
    expect((await listOf('WEBSITE')).data.find((t) => t.id === SEED_FACTS.nonTextTrainingId)).toEqual(before)
  })

  it('the client refuses a text over 1028 characters', async () => {
    const error = await failureOf(
      session.api.trainings.update({
        path: { trainingId: SEED_FACTS.textTrainingId },
        body: { type: 'TEXT', text: 'x'.repeat(1029) },
      }),
    )
    expect(error.fields).toEqual({ 'body.text': 'tooLong:1028' })
  })

  it('answers not_found for an unknown training', async () => {
    const error = await failureOf(
      session.api.trainings.update({ path: { trainingId: 'UNKNOWN' }, body: { type: 'TEXT', text: 'x' } }),
    )
    expect(error).toMatchObject({ kind: 'not_found', status: 404 })
  })
})

describe('trainings.delete', () => {
  it('deletes a training, after which it is not listed', async () => {
    const created = await session.api.trainings.create({ path: support, body: { type: 'TEXT', text: 'Short-lived' } })
    expect(await session.api.trainings.delete({ path: { trainingId: created.id ?? '' } })).toMatchObject({
      success: true,
    })
    expect((await listOf('TEXT')).data.map((t) => t.id)).not.toContain(created.id)
    const again = await failureOf(session.api.trainings.delete({ path: { trainingId: created.id ?? '' } }))
    expect(again.kind).toBe('not_found')
  })
})
