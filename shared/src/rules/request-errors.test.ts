import { describe, expect, it } from 'vitest'
import { errorInSuccessBody, errorMessageFor, isSuccessStatus, toRequestError } from './request-errors.ts'

describe('B287 message choice', () => {
  it.each([
    ['401 always gives Session expired', { status: 401, data: { message: 'x' } }, 'Session expired'],
    ['the response message wins', { status: 400, data: { message: 'Bad filter' } }, 'Bad filter'],
    [
      'an errors list is joined',
      { status: 422, data: { errors: [{ message: 'a' }, { message: 'b' }] } },
      'a, b',
    ],
    ['no response gives the error text', { errorText: 'Network Error' }, 'Network Error'],
    ['500 maps to Internal Server Error (C13)', { status: 500, data: {} }, 'Internal Server Error'],
    ['404 maps to Method Not Found', { status: 404, data: {} }, 'Method Not Found'],
    ['405 maps to Method Not Allowed', { status: 405, data: {} }, 'Method Not Allowed'],
    ['504 maps to Timeout', { status: 504, data: {} }, 'Timeout'],
    ['another status gives a generic error', { status: 418, data: {} }, 'Something went wrong.'],
    [
      'an empty message falls through to the mapping',
      { status: 500, data: { message: '' } },
      'Internal Server Error',
    ],
  ])('B287 %s', (_label, call, expected) => {
    expect(errorMessageFor(call)).toBe(expected)
  })
})

describe('B288 error result', () => {
  it('B288 is {error, message, empty data, aborted}', () => {
    expect(toRequestError({ status: 500 })).toEqual({
      error: true,
      message: 'Internal Server Error',
      data: {},
      aborted: false,
    })
  })
  it.each([
    ['flagged by the request layer', { aborted: true, errorText: 'signal is aborted' }, true],
    ['reporting ERR_CANCELED', { errorText: 'ERR_CANCELED' }, true],
    ['reporting AbortError', { errorText: 'AbortError' }, true],
    ['M028 request-aborted', { errorText: 'request-aborted' }, true],
    ['a network failure is not a cancellation', { errorText: 'Network Error' }, false],
    ['a status is never a cancellation', { status: 500 }, false],
  ])('B285 a request %s: aborted %s', (_label, call, aborted) => {
    expect(toRequestError(call).aborted).toBe(aborted)
  })
})

describe('B286 success statuses', () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [300, false],
    [404, false],
  ])('B286 %i is success: %s', (status, ok) => {
    expect(isSuccessStatus(status)).toBe(ok)
  })
})

describe('B289 errors inside a successful body', () => {
  it.each([
    ['detail and message raise the message', { detail: 'd', message: 'm' }, 'm'],
    ['an error field is an error result', { error: 'e' }, 'e'],
    ['an error field with a message uses the message', { error: true, message: 'quota' }, 'quota'],
    ['a normal body is no error', { results: [] }, undefined],
    ['an array is no error', [1, 2], undefined],
  ])('B289 %s', (_label, body, expected) => {
    expect(errorInSuccessBody(body)).toBe(expected)
  })
})
