/**
 * Loaded into the server process by bench/cache/memory.ts (`node --expose-gc --import <this file>`), never
 * by the server itself: on the bench's 'measure' message over the IPC channel it collects garbage fully and
 * answers with process.memoryUsage(), so that the bench reads what the process holds, not garbage not yet
 * collected.
 */
process.channel?.unref()
process.on('message', (message) => {
  if (message !== 'measure' || typeof globalThis.gc !== 'function') return
  const collect = async () => {
    // Three times with a turn of the event loop between: finalizers and weak references let go after the first.
    for (let i = 0; i < 3; i++) {
      globalThis.gc()
      await new Promise((resolve) => setImmediate(resolve))
    }
    process.send?.({ measured: process.memoryUsage() })
  }
  void collect()
})
