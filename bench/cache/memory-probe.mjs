/**
 * Loaded into the server process by bench/cache/memory.ts (`node --expose-gc --import <this file>`), never
 * by the server itself: on the bench's `{ measure }` message over the IPC channel it collects garbage fully and
 * answers with process.memoryUsage(), so that the bench reads what the process holds, not garbage not yet
 * collected.
 */
import { writeHeapSnapshot } from 'node:v8'

process.channel?.unref()
process.on('message', (message) => {
  if (typeof message !== 'object' || message === null || typeof globalThis.gc !== 'function') return
  const collect = async () => {
    // Three times with a turn of the event loop between: finalizers and weak references let go after the first.
    for (let i = 0; i < 3; i++) {
      globalThis.gc()
      await new Promise((resolve) => setImmediate(resolve))
    }
    const measured = process.memoryUsage()
    // BENCH_HEAP_SNAPSHOTS: a heap snapshot at each reading too, to compare what grew between two.
    if (typeof message.snapshot === 'string') writeHeapSnapshot(message.snapshot)
    process.send?.({ measured })
  }
  void collect()
})
