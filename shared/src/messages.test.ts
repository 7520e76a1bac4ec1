import { describe, expect, it } from 'vitest'
import { formatMessage, MESSAGE_ALIASES, MESSAGES, pageTitle } from './messages.ts'

describe('message table resolutions', () => {
  it.each([
    ['C13 M001 title case', 'M001', 'Internal Server Error'],
    ['C13 M002 title case', 'M002', 'Method Not Found'],
    ['C13 M003 title case', 'M003', 'Method Not Allowed'],
    ['C13 M005 the 401 text', 'M005', 'Session expired'],
    ['C14 M052 standard empty text', 'M052', 'No Data Available'],
    ['C14 M054 falls back to the descriptive text', 'M054', 'no data to display'],
    ['C15 M057 capitalised', 'M057', 'No match found'],
    [
      'C16 M061 with the final period',
      'M061',
      'Cluster Configuration is either turned off or not available.',
    ],
  ] as const)('%s', (_label, id, text) => {
    expect(MESSAGES[id]).toBe(text)
  })

  it('C13-C16 every alias differs from the chosen text and is kept beside it', () => {
    for (const [id, aliases] of Object.entries(MESSAGE_ALIASES)) {
      for (const alias of aliases ?? []) {
        expect(MESSAGES[id as keyof typeof MESSAGES].toLowerCase()).toContain(alias.toLowerCase())
      }
    }
  })
})

describe('placeholders', () => {
  it('B025 M102 page titles read "{title} | costlens"', () => {
    expect(pageTitle('Jobs')).toBe('Jobs | costlens')
  })

  it('M019 names the failing URL and the message and points at the service log', () => {
    expect(formatMessage('M019', { url: '/api/v1/jobs', message: 'Timeout' })).toBe(
      'Request to /api/v1/jobs failed: Timeout. Check the service log for details.',
    )
  })

  it('an unknown placeholder stays as written', () => {
    expect(formatMessage('M019', { url: '/x' })).toContain('{message}')
  })
})
