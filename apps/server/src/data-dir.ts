import fs from 'node:fs'
import path from 'node:path'

const PRIVATE = 0o077

/**
 * Keeps DATA_DIR private to the user the server runs as: it holds the embedded database (password hashes,
 * live reset links in its WAL) and the generated secrets. The process's umask becomes 077, so every file
 * and folder created from now on is 0600 or 0700 whatever the shell's umask; what an earlier start left
 * more open is closed now.
 *
 * PGlite's file system layer (Emscripten's NODEFS) creates each file and then chmods it to the mode
 * PostgreSQL asked for (0666, there being no umask inside WebAssembly), and chmod ignores the umask: so
 * chmod under DATA_DIR is given the umask here, as a POSIX open would have applied it.
 */
export function secureDataDir(dir: string): void {
  process.umask(PRIVATE)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  tighten(dir)
  const root = path.resolve(dir) + path.sep
  const chmodSync = fs.chmodSync.bind(fs)
  fs.chmodSync = (target: fs.PathLike, mode: fs.Mode) => {
    const inside = typeof target === 'string' && path.resolve(target).startsWith(root)
    chmodSync(target, inside && typeof mode === 'number' ? mode & ~PRIVATE : mode)
  }
}

function tighten(target: string): void {
  const stat = fs.lstatSync(target)
  if (stat.isSymbolicLink()) return
  if (stat.isDirectory()) {
    if ((stat.mode & PRIVATE) !== 0) fs.chmodSync(target, 0o700)
    for (const name of fs.readdirSync(target)) tighten(path.join(target, name))
  } else if ((stat.mode & PRIVATE) !== 0) {
    fs.chmodSync(target, stat.mode & 0o700)
  }
}
