/**
 * The path patterns of fault rules: `*` matches within one path segment (no `/`), `**` across
 * segments (anything), every other character itself; the whole path must match.
 *
 * Matched by simulating the pattern's automaton over the path, all positions at once: at most
 * (path length × pattern length / 32) word steps whatever the input. The regular expression this
 * replaces backtracked: `/**a**a**a**a**a**a**a**ab` held the event loop 1.6 s on one
 * unauthenticated `GET /aaaa…`, since every request is tried against every rule before any token
 * check.
 */

const SLASH = '/'.charCodeAt(0)

/**
 * The automaton as bit masks over token positions (bit i: the first i tokens have matched), in
 * 32-bit words: which positions a character may advance, which wildcards may stay on.
 */
interface Automaton {
  words: number
  /** Per character code: the positions of that literal. */
  literals: Map<number, Uint32Array>
  /** Positions of `*` (stays on any character but '/') and of `**` (stays on any character). */
  stars: Uint32Array
  globstars: Uint32Array
  /** Positions of every wildcard, ascending: a wildcard may match nothing. */
  wildcards: number[]
  accept: number
}

function compile(pattern: string): Automaton {
  const tokens: (number | '*' | '**')[] = []
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '*') tokens.push(pattern.charCodeAt(i))
    else if (pattern[i + 1] === '*') {
      tokens.push('**')
      i += 1
    } else tokens.push('*')
  }
  const words = Math.ceil((tokens.length + 1) / 32)
  const automaton: Automaton = {
    words,
    literals: new Map(),
    stars: new Uint32Array(words),
    globstars: new Uint32Array(words),
    wildcards: [],
    accept: tokens.length,
  }
  tokens.forEach((token, i) => {
    const bit = 1 << (i % 32)
    const word = i >> 5
    if (token === '*' || token === '**') {
      ;(token === '*' ? automaton.stars : automaton.globstars)[word]! |= bit
      automaton.wildcards.push(i)
    } else {
      let mask = automaton.literals.get(token)
      if (!mask) automaton.literals.set(token, (mask = new Uint32Array(words)))
      mask[word]! |= bit
    }
  })
  return automaton
}

const has = (set: Uint32Array, i: number) => (set[i >> 5]! & (1 << (i % 32))) !== 0
const add = (set: Uint32Array, i: number) => (set[i >> 5]! |= 1 << (i % 32))

/** A wildcard may match nothing: wherever one may start, the token after it may start too. */
function skipWildcards(a: Automaton, live: Uint32Array) {
  for (const i of a.wildcards) if (has(live, i)) add(live, i + 1)
}

/** A matcher for `pattern`; see the module comment for the syntax. */
export function compileRouteGlob(pattern: string): (path: string) => boolean {
  // Most patterns start with a literal prefix (/api/v1/…): most paths fail on it at once.
  const firstWildcard = pattern.indexOf('*')
  if (firstWildcard === -1) return (path) => path === pattern
  const prefix = pattern.slice(0, firstWildcard)
  const a = compile(pattern)
  const none = new Uint32Array(a.words)
  return (path) => {
    if (!path.startsWith(prefix)) return false
    let live = new Uint32Array(a.words)
    let next = new Uint32Array(a.words)
    add(live, prefix.length)
    skipWildcards(a, live)
    for (let p = prefix.length; p < path.length; p++) {
      const c = path.charCodeAt(p)
      const literal = a.literals.get(c) ?? none
      const slash = c === SLASH
      let any = 0
      let carry = 0
      for (let w = 0; w < a.words; w++) {
        // A matching literal moves its position on by one (the shift, carried across words);
        // a wildcard stays where it is.
        const moved = live[w]! & literal[w]!
        const stay = live[w]! & (a.globstars[w]! | (slash ? 0 : a.stars[w]!))
        next[w] = ((moved << 1) | carry | stay) >>> 0
        carry = moved >>> 31
        any |= next[w]!
      }
      if (!any) return false
      skipWildcards(a, next)
      ;[live, next] = [next, live]
    }
    return has(live, a.accept)
  }
}
