import { randomFillSync } from 'node:crypto'

/**
 * Random tokens of `bytes` bytes, base64url, cut from a buffer the operating system's CSPRNG fills for
 * `batch` tokens at a time (the way Node's own `randomUUID` batches).
 *
 * Why: `randomBytes(24)` costs a call into OpenSSL each time, 28–35 µs on a busy 2-core machine, 5% of the
 * server's CPU while it served kept pages to new visitors (docs/benchmarks.md); a slice of a filled buffer
 * costs 0.5–2 µs. The rule kept: every token is fresh CSPRNG output, `bytes` bytes of it, and no
 * byte is handed out twice; the buffer is filled again, in place, once every token in it has gone. It lives
 * in this process only (node:cluster workers are separate processes, not forks sharing a pool).
 */
export function createTokenSource(bytes: number, batch = 256): () => string {
  const pool = Buffer.allocUnsafeSlow(bytes * batch)
  let used = pool.length
  return () => {
    if (used + bytes > pool.length) {
      randomFillSync(pool)
      used = 0
    }
    const token = pool.toString('base64url', used, used + bytes)
    used += bytes
    return token
  }
}
