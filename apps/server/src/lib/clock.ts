/** The time, injected so tests can move it (key expiry, token expiry, rate-limit windows). */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
