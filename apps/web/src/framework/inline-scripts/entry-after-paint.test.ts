import { afterEach, describe, expect, it, vi } from 'vitest'
import entryAfterPaint from './entry-after-paint?inline-script'
import { PRELOADS_PER_TASK } from './names'

const MODULES = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`)

/** Runs the compiled script as the server writes it: an element naming the files, current while it runs. */
function runLoader() {
  const element = document.createElement('script')
  element.setAttribute('data-entry', '/assets/index.js')
  element.setAttribute('data-modules', MODULES.join(' '))
  document.head.append(element)
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element)
  // Indirect eval: global scope, as an inline script has.
  ;(0, eval)(entryAfterPaint.code)
}

const entryScripts = () => [...document.head.querySelectorAll('script[type="module"]')]
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.head.replaceChildren()
})

describe('the script that loads a server-rendered page’s code after its first paint', () => {
  it('asks for the entry first, then the preloads a few to a task, so that no task starts them all', () => {
    vi.useFakeTimers()
    // No paint timing to wait for: it starts at once.
    vi.stubGlobal('PerformanceObserver', undefined)
    runLoader()

    expect(entryScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index.js'])
    expect(entryScripts()[0]?.getAttribute('crossorigin')).toBe('')
    expect(PRELOADS_PER_TASK).toBeLessThan(MODULES.length)
    expect(preloads()).toEqual(MODULES.slice(0, PRELOADS_PER_TASK))

    vi.advanceTimersToNextTimer()
    expect(preloads()).toEqual(MODULES.slice(0, 2 * PRELOADS_PER_TASK))

    vi.runAllTimers()
    expect(preloads()).toEqual(MODULES)
    expect(entryScripts()).toHaveLength(1)
    for (const link of document.head.querySelectorAll('link'))
      expect(link.getAttribute('crossorigin')).toBe('')
  })
})
