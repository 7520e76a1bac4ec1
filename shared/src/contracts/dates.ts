import { Type, type TSchemaOptions } from 'typebox'
import {
  DATE_PARAM_EXPECTED,
  DATE_PARAM_MAX_MS,
  DATE_PARAM_MIN_MS,
  type DateParamKind,
} from '../rules/date-params.ts'

/*
 * The date parameters of every route, in one place (rules/date-params.ts says why). Each schema
 * carries DATE_PARAM_KEYWORD naming its kind: the simulator finds a route's date fields by it and
 * checks them against the simulated now in one hook, and the OpenAPI document shows it.
 */

/** The schema keyword that marks a date parameter; its value is the DateParamKind. */
export const DATE_PARAM_KEYWORD = 'x-date-param'

/**
 * The names a time window's two bounds go by across the spec's endpoints, start first. One list
 * for everything that builds or breaks a window on purpose: the benchmark's request generator and
 * row rule, and the fuzz suite's "start after end" cases.
 */
export const DATE_WINDOW_PAIRS = [
  ['start_time', 'end_time'],
  ['startTime', 'endTime'],
  ['from', 'to'],
  ['gte', 'lte'],
  ['dateFrom', 'dateTo'],
] as const satisfies readonly (readonly [string, string])[]

const ISO = String.raw`\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?`

/** The form each kind of date string must have: linear patterns (no nested repetition). */
export const DATE_PARAM_PATTERNS: Record<DateParamKind, string> = {
  'epoch-ms-or-iso': String.raw`^(?:\d{1,13}|${ISO})$`,
  iso: `^${ISO}$`,
  'epoch-s-or-iso': String.raw`^(?:\d{1,13}|${ISO})$`,
}

/** A date parameter written as a string: its form, at most 40 characters, and its kind. */
export const DateParamString = (kind: DateParamKind, options: TSchemaOptions = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 40,
    pattern: DATE_PARAM_PATTERNS[kind],
    // 'epoch ms' as before: the contract suite gives parameters so described a recent instant.
    description:
      kind === 'epoch-ms-or-iso' ? 'epoch ms or an ISO-8601 date (4-digit year)' : DATE_PARAM_EXPECTED[kind],
    [DATE_PARAM_KEYWORD]: kind,
    ...options,
  })

/** A date parameter written as an integer: epoch ms, or epoch seconds, within 2000-2100. */
export const DateParamInteger = (unit: 'ms' | 's', options: TSchemaOptions = {}) => {
  const per = unit === 'ms' ? 1 : 1000
  return Type.Integer({
    minimum: DATE_PARAM_MIN_MS / per,
    maximum: DATE_PARAM_MAX_MS / per,
    description: unit === 'ms' ? 'epoch ms' : 'epoch seconds',
    [DATE_PARAM_KEYWORD]: unit === 'ms' ? 'epoch-ms-or-iso' : 'epoch-s-or-iso',
    ...options,
  })
}

/**
 * A time parameter of a query string: epoch ms (digits) or an ISO-8601 date (REAL-API-NOTES §8: the
 * events endpoints take YYYY-MM-DD or naive ISO strings, the console sends epoch ms).
 */
export const QueryInstantSchema = DateParamString('epoch-ms-or-iso')

/** A time field of a JSON body: epoch ms as a number, or a string as QueryInstantSchema. */
export const BodyInstantSchema = Type.Union([DateParamInteger('ms'), DateParamString('epoch-ms-or-iso')], {
  description: 'epoch ms or an ISO-8601 date',
  [DATE_PARAM_KEYWORD]: 'epoch-ms-or-iso',
})
