import { describe, expect, it } from 'vitest'
import { decideSimControl, isLoopback, readConfig, readTrustProxy } from './config.ts'

describe('SIM_CONTROL: on for local use, off by default on a network (issue 15 item 9)', () => {
  it.each([
    // HOST, SIM_CONTROL, on?
    ['localhost', undefined, true],
    ['127.0.0.1', undefined, true],
    ['127.10.0.3', undefined, true],
    ['::1', undefined, true],
    ['[::1]', undefined, true],
    ['0:0:0:0:0:0:0:1', undefined, true],
    ['::ffff:127.0.0.1', undefined, true],
    ['0.0.0.0', undefined, false],
    ['::', undefined, false],
    ['192.168.1.20', undefined, false],
    ['10.0.0.5', undefined, false],
    ['fe80::1', undefined, false],
    ['demo.example.com', undefined, false],
    ['128.0.0.1', undefined, false],
    ['0.0.0.0', '', false],
    ['0.0.0.0', 'on', true],
    ['0.0.0.0', 'true', true],
    ['0.0.0.0', '1', true],
    ['0.0.0.0', 'ON', true],
    ['localhost', 'off', false],
    ['localhost', 'false', false],
    ['localhost', '0', false],
    ['127.0.0.1', 'on', true],
    ['0.0.0.0', 'off', false],
  ])('HOST=%s SIM_CONTROL=%s → on: %s', (host, value, on) => {
    expect(decideSimControl(value, host).on).toBe(on)
    expect(
      readConfig({ HOST: host, ...(value === undefined ? {} : { SIM_CONTROL: value }) }).simControl,
    ).toBe(on)
  })

  it('says which and why in one line', () => {
    expect(decideSimControl(undefined, '0.0.0.0').reason).toBe(
      'SIM_CONTROL off by default: HOST 0.0.0.0 is not a loopback address, so the /__sim controls and fault injection are off; set SIM_CONTROL=on to turn them on.',
    )
    expect(decideSimControl(undefined, 'localhost').reason).toMatch(
      /^SIM_CONTROL on by default: HOST localhost is a loopback address/,
    )
    expect(decideSimControl('on', '0.0.0.0').reason).toMatch(
      /although HOST 0.0.0.0 is reachable from other machines/,
    )
    for (const [value, host] of [
      [undefined, 'localhost'],
      ['on', '0.0.0.0'],
      ['off', 'localhost'],
    ] as const)
      expect(decideSimControl(value, host).reason).not.toContain('\n')
  })

  it('the default HOST (localhost) keeps the controls on', () => {
    expect(readConfig({}).simControl).toBe(true)
  })

  it('refuses a value that is neither on nor off', () => {
    expect(() => decideSimControl('maybe', 'localhost')).toThrow('SIM_CONTROL must be on or off, got "maybe"')
  })

  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.255.255.254', true],
    ['localhost.example.com', false],
    ['127.0.0.1.nip.io', false],
  ])('isLoopback(%s) is %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback)
  })
})

describe('sign-in limits', () => {
  it('SIGN_IN_PER_ADDRESS_PER_MINUTE is read, and left to the app default when unset', () => {
    expect(readConfig({}).signInPerAddressPerMinute).toBeUndefined()
    expect(readConfig({ SIGN_IN_PER_ADDRESS_PER_MINUTE: '80' }).signInPerAddressPerMinute).toBe(80)
    expect(() => readConfig({ SIGN_IN_PER_ADDRESS_PER_MINUTE: '0' })).toThrow(
      'SIGN_IN_PER_ADDRESS_PER_MINUTE must be a whole number of at least 1, got "0"',
    )
  })
})

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['off', undefined],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
    ['::1 fd00::/8', ['::1', 'fd00::/8']],
  ])('%s → %j', (value, expected) => {
    expect(readTrustProxy(value)).toEqual(expected)
  })

  it.each(['true', '*', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '2'])(
    '%s is refused: only named proxies are trusted',
    (value) => {
      expect(() => readTrustProxy(value)).toThrow(/^TRUST_PROXY must list proxy addresses or CIDR ranges/)
    },
  )
})

describe('PDF_PER_USER_PER_MINUTE (the PDF export rate, issue 22)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['5', 5],
    ['100000', 100000],
  ])('%s reads as %s (unset: the app default)', (value, expected) => {
    expect(
      readConfig(value === undefined ? {} : { PDF_PER_USER_PER_MINUTE: value }).pdfPerUserPerMinute,
    ).toBe(expected)
  })

  it.each(['0', '-1', '2.5', 'many'])('refuses %s with a readable message', (value) => {
    expect(() => readConfig({ PDF_PER_USER_PER_MINUTE: value })).toThrow(
      `PDF_PER_USER_PER_MINUTE must be a whole number of at least 1, got "${value}"`,
    )
  })
})
