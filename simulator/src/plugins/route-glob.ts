/**
 * The path patterns of fault rules: `*` matches within one path segment (no `/`), `**` across
 * segments (anything), every other character itself; the whole path must match.
 *
 * Matched by simulating the pattern's automaton over the path, all positions at once: at most
 * (path length × pattern length) steps whatever the input. The regular expression this replaces
 * backtracked: `/**a**a**a**a**a**a**a**ab` held the event loop 1.6 s on one unauthenticated
 * `GET /aaaa…`, since every request is tried against every rule before any token check.
 */

/** A pattern character, or one of the two wildcards. */
const STAR = -1
const GLOBSTAR = -2

function tokenize(pattern: string): Int32Array {
  const tokens: number[] = []
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '*') tokens.push(pattern.charCodeAt(i))
    else if (pattern[i + 1] === '*') {
      tokens.push(GLOBSTAR)
      i += 1
    } else tokens.push(STAR)
  }
  return Int32Array.from(tokens)
}

const SLASH = '/'.charCodeAt(0)

/** A matcher for `pattern`; see the module comment for the syntax. */
export function compileRouteGlob(pattern: string): (path: string) => boolean {
  const tokens = tokenize(pattern)
  const m = tokens.length
  return (path) => {
    // live[i]: the first i tokens can match the path read so far.
    let live = new Uint8Array(m + 1)
    let next = new Uint8Array(m + 1)
    live[0] = 1
    skipWildcards(tokens, live)
    for (let p = 0; p < path.length; p++) {
      const c = path.charCodeAt(p)
      next.fill(0)
      let any = false
      for (let i = 0; i < m; i++) {
        if (!live[i]) continue
        const t = tokens[i]!
        if (t === GLOBSTAR || (t === STAR && c !== SLASH)) next[i] = 1
        else if (t === c) next[i + 1] = 1
        else continue
        any = true
      }
      if (!any) return false
      skipWildcards(tokens, next)
      ;[live, next] = [next, live]
    }
    return live[m] === 1
  }
}

/** A wildcard may match nothing: wherever one may start, the token after it may start too. */
function skipWildcards(tokens: Int32Array, live: Uint8Array) {
  for (let i = 0; i < tokens.length; i++) if (live[i] && tokens[i]! < 0) live[i + 1] = 1
}
