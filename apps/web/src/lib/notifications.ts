import { useEffect, useRef } from 'react'

/** The announcement topics (a notification is a topic and a message). */
export const TOPICS = {
  LOGGED_IN: 'LOGGED_IN',
  LOGGED_OUT: 'LOGGED_OUT',
  CITY_SELECTED: 'CITY_SELECTED',
} as const

export type Topic = (typeof TOPICS)[keyof typeof TOPICS]

/** The fixed messages the spec gives for the session topics; CITY_SELECTED carries the chosen town. */
export const TOPIC_MESSAGES = {
  LOGGED_IN: 'User logged in',
  LOGGED_OUT: 'User logged out',
} as const

export interface Notification {
  topic: Topic
  message: string
}

export type NotificationHandler = (notification: Notification) => void

const handlers = new Map<Topic, Set<NotificationHandler>>()

/** Delivers synchronously to every current subscriber of the topic; a failing handler can't stop the rest. */
export function publish(topic: Topic, message: string) {
  const subscribers = handlers.get(topic)
  if (!subscribers) return
  for (const handler of [...subscribers]) {
    try {
      handler({ topic, message })
    } catch (error) {
      console.error(`A ${topic} subscriber failed`, error)
    }
  }
}

/** Returns the unsubscribe function. */
export function subscribe(topic: Topic, handler: NotificationHandler): () => void {
  let subscribers = handlers.get(topic)
  if (!subscribers) {
    subscribers = new Set()
    handlers.set(topic, subscribers)
  }
  subscribers.add(handler)
  return () => {
    subscribers.delete(handler)
  }
}

/** Subscribes for the component's lifetime; the latest handler is called, so it may close over state. */
export function useNotification(topic: Topic, handler: NotificationHandler) {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => subscribe(topic, (notification) => latest.current(notification)), [topic])
}
