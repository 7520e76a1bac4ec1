/**
 * The web sign-in password scheme (B012): the browser never sends the password itself.
 *
 *   material = PBKDF2-HMAC-SHA256(password = UTF-8(salt), salt = UTF-8("costlens-web-sign-in"),
 *                                 iterations = 10000, length = 44 bytes)
 *   key = material[0..32)   (AES-256)     iv = material[32..44)   (12 bytes)
 *   ct  = base64( AES-256-GCM(key, iv, UTF-8(password)) )   — ciphertext followed by the 16-byte tag
 *
 * `salt` is a fresh random value per sign-in (32 hex characters from `newSignInSalt`), so the
 * same password never travels as the same `ct` twice. This keeps the password out of request
 * logs and proxies; it is not a substitute for TLS. WebCrypto only: the same code runs in the
 * browser and in Node.
 */
const SCHEME_CONTEXT = 'costlens-web-sign-in'
const PBKDF2_ITERATIONS = 10_000

const encoder = new TextEncoder()

async function deriveKeyAndIv(salt: string): Promise<{ key: CryptoKey; iv: Uint8Array<ArrayBuffer> }> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(salt), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(SCHEME_CONTEXT), iterations: PBKDF2_ITERATIONS },
    base,
    44 * 8,
  )
  const material = new Uint8Array(bits)
  const key = await crypto.subtle.importKey('raw', material.slice(0, 32), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ])
  return { key, iv: material.slice(32, 44) }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Encrypts a password for POST /api/v1/webSignIn; resolves to the `ct` field. */
export async function encryptPassword(password: string, salt: string): Promise<string> {
  const { key, iv } = await deriveKeyAndIv(salt)
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(password))
  return toBase64(new Uint8Array(sealed))
}

/**
 * Recovers the password from `ct` (the simulator's side of the scheme). Resolves to null when
 * `ct` is not valid base64 or fails authentication (tampered, or made with another salt).
 */
export async function decryptPassword(ct: string, salt: string): Promise<string | null> {
  try {
    const { key, iv } = await deriveKeyAndIv(salt)
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, fromBase64(ct))
    return new TextDecoder().decode(plain)
  } catch {
    return null
  }
}

/** A fresh sign-in salt: 16 random bytes as 32 lower-case hex characters. */
export function newSignInSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
