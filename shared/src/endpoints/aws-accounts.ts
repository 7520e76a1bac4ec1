import { Type } from 'typebox'
import {
  AwsAccountInputSchema,
  AwsAccountListSchema,
  AwsAccountParamsSchema,
  AwsAccountSchema,
  MAX_AWS_ACCOUNTS,
} from '../contracts/aws-accounts.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * AWS account settings (R104, /manage/awsaccountsettings; 01 §2.3): the AWS accounts the EMR data
 * comes from. The spec shows the page, no call (G01): paths and fields are ours. EMR admins change
 * them; read-only admins read them too (B302: they see what admins see, and change nothing).
 * A secret is stored and never answered: secretConfigured says one is there, accessKeyIdLast4 which.
 */
const admins = { platforms: ['EMR'], roles: ['admin'] } as const
const readers = { platforms: ['EMR'], roles: ['admin', 'readonlyAdmin'] } as const
const tags = ['aws-accounts'] as const

const INPUT =
  'accountId 12 digits (unique); alias 1-64 characters; region one of the AWS regions; authType role (roleArn ' +
  'arn:aws:iam::<12 digits>:role/<name>) or accessKey (accessKeyId AKIA/ASIA + 16, secretAccessKey 40 characters).'

export const awsAccountEndpoints = defineEndpoints({
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/manage/awsaccounts',
    specIds: ['R104'],
    pathIsOurs: true,
    tags,
    access: readers,
    summary: 'The AWS accounts the EMR data comes from (secrets never included)',
    response: AwsAccountListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/manage/awsaccounts',
    specIds: ['R104'],
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Adds an AWS account',
    description: `${INPUT} At most ${MAX_AWS_ACCOUNTS} accounts.`,
    body: AwsAccountInputSchema,
    response: AwsAccountSchema,
    changesState: true,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/manage/awsaccounts/{id}',
    specIds: ['R104'],
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Changes an AWS account',
    description: `${INPUT} With authType accessKey, leaving out both key fields keeps the stored key.`,
    params: AwsAccountParamsSchema,
    body: AwsAccountInputSchema,
    response: AwsAccountSchema,
    errors: [404],
    changesState: true,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/manage/awsaccounts/{id}',
    specIds: ['R104'],
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Deletes an AWS account',
    params: AwsAccountParamsSchema,
    response: Type.Object({ id: Type.Integer(), deleted: Type.Boolean() }),
    errors: [404],
    changesState: true,
  }),
})
