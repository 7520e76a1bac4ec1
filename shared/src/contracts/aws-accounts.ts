import { Type, type Static } from 'typebox'
import { ERROR_MESSAGE_KEYWORD } from './common.ts'

/*
 * AWS account settings (R104, /manage/awsaccountsettings): the AWS accounts the EMR data comes from.
 * The spec shows the page only (01 §2.3), no call (G01): the paths and fields are ours.
 */

/** The most AWS accounts one install keeps. */
export const MAX_AWS_ACCOUNTS = 100

/** AWS commercial regions where EMR runs (the region picker's list). */
export const AWS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'af-south-1',
  'ap-east-1',
  'ap-south-1',
  'ap-south-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ca-central-1',
  'ca-west-1',
  'eu-central-1',
  'eu-central-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-south-1',
  'eu-south-2',
  'eu-north-1',
  'il-central-1',
  'me-south-1',
  'me-central-1',
  'sa-east-1',
] as const
export type AwsRegion = (typeof AWS_REGIONS)[number]

/** How costlens reads the account: by assuming a role, or with an access key. */
export const AWS_AUTH_TYPES = ['role', 'accessKey'] as const
export type AwsAuthType = (typeof AWS_AUTH_TYPES)[number]

/** The forms of each field, shared by the form's checks and the server's. */
export const AWS_ACCOUNT_PATTERNS = {
  accountId: String.raw`^\d{12}$`,
  // IAM role names: letters, digits and + = , . @ _ -, with an optional path (IAM quotas: 64 characters a name).
  roleArn: String.raw`^arn:aws:iam::\d{12}:role/(?:[\w+=,.@-]+/)*[\w+=,.@-]{1,64}$`,
  accessKeyId: String.raw`^(?:AKIA|ASIA)[A-Z0-9]{16}$`,
  secretAccessKey: String.raw`^[A-Za-z0-9/+=]{40}$`,
} as const

/** What each field says when it is not of its form. */
export const AWS_ACCOUNT_MESSAGES = {
  accountId: 'The AWS account id is 12 digits.',
  alias: 'The alias is 1 to 64 characters.',
  region: 'Choose a region from the list.',
  roleArn: 'The role ARN looks like arn:aws:iam::123456789012:role/costlens-reader.',
  accessKeyId: 'The access key id is 20 characters starting with AKIA or ASIA.',
  secretAccessKey: 'The secret access key is 40 characters.',
  roleNeeded: 'A role ARN is required to sign in with a role.',
  keyNeeded: 'An access key id and its secret access key are required to sign in with an access key.',
  duplicate: 'This AWS account is already configured.',
} as const

/** POST and PUT body. On PUT, an access key left out keeps the stored one (it is never shown again). */
export const AwsAccountInputSchema = Type.Object(
  {
    accountId: Type.String({
      pattern: AWS_ACCOUNT_PATTERNS.accountId,
      maxLength: 12,
      [ERROR_MESSAGE_KEYWORD]: AWS_ACCOUNT_MESSAGES.accountId,
    }),
    alias: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: String.raw`\S`,
      [ERROR_MESSAGE_KEYWORD]: AWS_ACCOUNT_MESSAGES.alias,
    }),
    region: Type.Enum(AWS_REGIONS, { [ERROR_MESSAGE_KEYWORD]: AWS_ACCOUNT_MESSAGES.region }),
    authType: Type.Enum(AWS_AUTH_TYPES),
    roleArn: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: AWS_ACCOUNT_PATTERNS.roleArn,
        [ERROR_MESSAGE_KEYWORD]: AWS_ACCOUNT_MESSAGES.roleArn,
      }),
    ),
    accessKeyId: Type.Optional(
      Type.String({
        maxLength: 20,
        pattern: AWS_ACCOUNT_PATTERNS.accessKeyId,
        [ERROR_MESSAGE_KEYWORD]: AWS_ACCOUNT_MESSAGES.accessKeyId,
      }),
    ),
    secretAccessKey: Type.Optional(
      Type.String({
        maxLength: 40,
        pattern: AWS_ACCOUNT_PATTERNS.secretAccessKey,
        [ERROR_MESSAGE_KEYWORD]: AWS_ACCOUNT_MESSAGES.secretAccessKey,
      }),
    ),
  },
  { additionalProperties: false, title: 'AwsAccountInput' },
)
export type AwsAccountInput = Static<typeof AwsAccountInputSchema>

export const AwsAccountParamsSchema = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
)
export type AwsAccountParams = Static<typeof AwsAccountParamsSchema>

/** An AWS account as answered: the secret is never sent back, only whether one is stored. */
export const AwsAccountSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.String(),
    alias: Type.String(),
    region: Type.Enum(AWS_REGIONS),
    authType: Type.Enum(AWS_AUTH_TYPES),
    roleArn: Type.Union([Type.String(), Type.Null()]),
    accessKeyIdLast4: Type.Union([Type.String(), Type.Null()], {
      description: "the access key id's last 4 characters",
    }),
    secretConfigured: Type.Boolean(),
    createdBy: Type.String(),
    createdAt: Type.Integer({ description: 'epoch ms' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
  },
  { title: 'AwsAccount', additionalProperties: false },
)
export type AwsAccount = Static<typeof AwsAccountSchema>

export const AwsAccountListSchema = Type.Object(
  { accounts: Type.Array(AwsAccountSchema), limit: Type.Integer() },
  { title: 'AwsAccountList' },
)
export type AwsAccountList = Static<typeof AwsAccountListSchema>
