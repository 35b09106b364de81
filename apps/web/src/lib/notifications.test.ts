import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { publish, subscribe, TOPIC_MESSAGES, TOPICS, useNotification } from './notifications'

describe('notifications bus', () => {
  it('delivers a message to the subscribers of its topic only, until they unsubscribe', () => {
    const loggedIn = vi.fn()
    const loggedOut = vi.fn()
    const stop = subscribe(TOPICS.LOGGED_IN, loggedIn)
    subscribe(TOPICS.LOGGED_OUT, loggedOut)
    publish(TOPICS.LOGGED_IN, TOPIC_MESSAGES.LOGGED_IN)
    expect(loggedIn).toHaveBeenCalledWith({ topic: 'LOGGED_IN', message: 'User logged in' })
    expect(loggedOut).not.toHaveBeenCalled()
    stop()
    publish(TOPICS.LOGGED_IN, TOPIC_MESSAGES.LOGGED_IN)
    expect(loggedIn).toHaveBeenCalledTimes(1)
  })

  it('keeps delivering when one subscriber throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const after = vi.fn()
    subscribe(TOPICS.CITY_SELECTED, () => {
      throw new Error('boom')
    })
    subscribe(TOPICS.CITY_SELECTED, after)
    publish(TOPICS.CITY_SELECTED, 'Pinner')
    expect(after).toHaveBeenCalledWith({ topic: 'CITY_SELECTED', message: 'Pinner' })
  })

  it('useNotification listens while mounted', () => {
    const handler = vi.fn()
    const { unmount } = renderHook(() => useNotification(TOPICS.LOGGED_OUT, handler))
    publish(TOPICS.LOGGED_OUT, TOPIC_MESSAGES.LOGGED_OUT)
    unmount()
    publish(TOPICS.LOGGED_OUT, TOPIC_MESSAGES.LOGGED_OUT)
    expect(handler).toHaveBeenCalledTimes(1)
  })
})
