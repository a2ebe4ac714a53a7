import { endpoint, none } from '../endpointDef'
import { countedList, SuccessBody } from '../resources/common'
import {
  Training,
  TrainingCreateInput,
  TrainingCreateResult,
  TrainingListQuery,
  TrainingUpdateInput,
} from '../resources/training'

/** The `trainings.*` operations of the endpoint table (assembled in index.ts). */
export const trainingsEndpoints = {
  'trainings.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/trainings',
    params: ['agentId'],
    query: TrainingListQuery,
    body: none,
    response: countedList(Training),
    cacheable: true,
    summary: 'List trainings of one type (live answer is {data, count})',
    specOperation: 15,
    pageBase: 1,
  }),
  'trainings.create': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/trainings',
    params: ['agentId'],
    query: none,
    body: TrainingCreateInput,
    response: TrainingCreateResult,
    cacheable: false,
    summary: 'Create a training of any type',
  }),
  'trainings.update': endpoint({
    method: 'PUT',
    path: '/v2/training/{trainingId}',
    params: ['trainingId'],
    query: none,
    body: TrainingUpdateInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Update a TEXT training',
    specOperation: 16,
  }),
  'trainings.delete': endpoint({
    method: 'DELETE',
    path: '/v2/training/{trainingId}',
    params: ['trainingId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Delete a training',
    specOperation: 17,
  }),
} as const
