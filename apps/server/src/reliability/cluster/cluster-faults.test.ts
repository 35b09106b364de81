import { exec } from 'node:child_process'
import http from 'node:http'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOutcome, send, type HttpOutcome } from './http-client'
import { createDatabase, Ledger, type ScenarioOrder, type StockRow } from './ledger'
import { freePorts, readiness, ServerProcess, type ExitInfo, type StartResult } from './server-process'
import {
  Cluster,
  isFailure,
  payRequest,
  pool,
  prepareCheckout,
  shopper,
  type PreparedCheckout,
  type Shopper,
} from './shopper'

/**
 * The production bundle as three processes on one real PostgreSQL, shoppers checking out across them, and
 * one fault per test: a simultaneous first start on an empty database, `kill -9` during card payments, a
 * PostgreSQL restart, SIGTERM with requests in flight. After each, the same invariants (see `verify`). And
 * the rate limits, which the processes share through the database: one limit in all, not one each.
 * Run by `npm run test:cluster` (run-cluster.sh), which starts the database and sets these variables.
 */
const ADMIN_URL = process.env.CLUSTER_ADMIN_URL ?? ''
const PG_RESTART = process.env.CLUSTER_PG_RESTART ?? ''
const RUN_DIR = process.env.CLUSTER_RUN_DIR ?? ''
const BUNDLE = process.env.CLUSTER_BUNDLE ?? ''
const CONFIGURED = Boolean(ADMIN_URL && PG_RESTART && RUN_DIR && BUNDLE)
/** The ports the three processes may take (`first-last`), for runs side by side with others' servers. */
const [FIRST_PORT = 3301, LAST_PORT = 3330] = (process.env.CLUSTER_PORTS ?? '3301-3330')
  .split('-')
  .map(Number)

/** A taken payment must have reached PAID or REFUNDED this long after the last payment was answered. */
const SETTLE_MS = 60_000
/** How long a process may take to answer /readyz 200 after a start or a fault. */
const READY_MS = 60_000
/** How long the checks wait after everything settled before they count the confirmations. */
const QUIET_MS = 2_000
/** How long a process may take to exit after SIGTERM. */
const SIGTERM_EXIT_MS = 30_000
/**
 * The simultaneous start is a race; each trial is a fresh empty database. Three trials, because one
 * alone went through cleanly in a third of the runs measured on code that has the race.
 */
const START_TRIALS = Number(process.env.CLUSTER_START_TRIALS ?? 3)

/** Scenario (c)'s payments: enough that, six at a time, they outlast the restart. */
const PAYMENTS_C = 90

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const run = promisify(exec)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

interface Payment {
  index: number
  checkout: PreparedCheckout
  /** The process it was meant for; a refused connection moves it to the next (Cluster.call). */
  slot: number
  /** The process that received it, once it was written to a socket. */
  port: number | undefined
  outcome: HttpOutcome | undefined
}

interface Stocked {
  /** Low-stock products: fewer units than shoppers, so some paid orders must be refunded. */
  low: number[]
  lowStock: number
  /** A product with plenty of stock, for the checkouts after recovery. */
  spare: number
  spareStock: number
  all: number[]
}

/** Figures for docs/reliability.md, printed at the end of the run (a scenario's, even when it threw). */
const figures: { scenario: string; lines: string[] }[] = []

const tally = (labels: string[]) => {
  const counts = new Map<string, number>()
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1)
  return [...counts].map(([label, count]) => `${count}× ${label}`).join(', ') || 'none'
}

describe.skipIf(!CONFIGURED)('three production processes on one PostgreSQL, one fault at a time', () => {
  let servers: ServerProcess[] = []
  let cluster: Cluster
  let ledger: Ledger | undefined
  const usedProducts = new Set<number>()
  // A process the test started must not outlive it, whatever ends the run (run-cluster.sh backs this up).
  const killAll = () => {
    for (const server of servers) if (server.running && server.pid) process.kill(server.pid, 'SIGKILL')
  }

  beforeAll(async () => {
    process.on('exit', killAll)
    const ports = await freePorts(3, FIRST_PORT, LAST_PORT)
    servers = ports.map(
      (port, i) => new ServerProcess({ name: `p${i + 1}`, port, bundle: BUNDLE, runDir: RUN_DIR }),
    )
    cluster = new Cluster(ports)
  })

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    process.off('exit', killAll)
    await ledger?.close()
    const text = figures.map(({ scenario, lines }) =>
      [`\n[${scenario}]`, ...lines.map((l) => `  ${l}`)].join('\n'),
    )
    console.info(`\ncluster fault figures:${text.join('')}\n`)
  })

  const db = () => {
    if (!ledger) throw new Error('no database yet: the first-start scenario makes it')
    return ledger
  }

  /**
   * Starts, one at a time, any process that is not running, so a scenario begins with three. Run on its
   * own (`-t`), a later scenario has no database from the first one yet: it gets one, migrated by one
   * process before the others start.
   */
  async function ensureUp(notes: string[]) {
    if (!ledger) {
      const url = await createDatabase(ADMIN_URL, 'larder_cluster')
      for (const server of servers) server.databaseUrl = url
      ledger = new Ledger(url)
    }
    for (const server of servers) {
      if (server.running) continue
      server.start()
      const started = await server.waitReady(READY_MS)
      if (!started.ready)
        throw new Error(`${server.name} could not be started before the scenario: ${started.reason}`)
      notes.push(`${server.name} was down and was started again before the scenario`)
    }
  }

  /** Polls every process's /readyz until all answer 200, or `timeoutMs` passes. */
  async function allReady(timeoutMs: number) {
    const started = Date.now()
    const last = new Map<string, string>()
    while (Date.now() - started < timeoutMs) {
      const answers = await Promise.all(servers.map((server) => readiness(server.port)))
      servers.forEach((server, i) => last.set(server.name, answers[i] ?? 'none'))
      if (answers.every((answer) => answer === '200')) return { ready: true, ms: Date.now() - started, last }
      await sleep(100)
    }
    return { ready: false, ms: Date.now() - started, last }
  }

  /** Fresh products for a scenario, with the stock it needs. */
  async function stock(lowCount: number, lowStock: number): Promise<Stocked> {
    const ids = await db().productsForSale(lowCount + 1, usedProducts)
    for (const id of ids) usedProducts.add(id)
    const low = ids.slice(0, lowCount)
    const spare = ids[lowCount] ?? Number.NaN
    const spareStock = 100
    for (const id of low) await db().setStock(id, lowStock)
    await db().setStock(spare, spareStock)
    return { low, lowStock, spare, spareStock, all: ids }
  }

  /** Checkouts up to the payment page, before the fault; a failure here means the fault would test nothing. */
  async function prepare(scenario: number, count: number, products: number[]): Promise<PreparedCheckout[]> {
    const results = await pool(
      Array.from({ length: count }, (_, i) => i),
      6,
      (i) => prepareCheckout(cluster, shopper(scenario, i), i, products[i % products.length] ?? Number.NaN),
    )
    const failed = results.filter(isFailure)
    if (failed.length > 0)
      throw new Error(
        `checkouts could not be prepared before the fault: ${tally(failed.map((f) => `${f.step} ${f.outcome}`))}`,
      )
    return results.filter((result): result is PreparedCheckout => !isFailure(result))
  }

  /** The minimum stock seen while the scenario ran, sampled every 100 ms (a query may fail in a restart). */
  function watchStock(products: number[]) {
    let lowest = Number.POSITIVE_INFINITY
    let samples = 0
    let running = true
    const loop = (async () => {
      while (running) {
        try {
          lowest = Math.min(lowest, await db().lowestStock(products))
          samples += 1
        } catch {
          // The database is restarting; the next sample will tell.
        }
        await sleep(100)
      }
    })()
    return {
      async stop() {
        running = false
        await loop
        return { lowest, samples }
      },
    }
  }

  /** After recovery: shoppers check out across all three processes (each step on a different one). */
  async function checkoutsAfter(scenario: number, product: number, count = 6) {
    const problems: string[] = []
    let paid = 0
    await pool(
      Array.from({ length: count }, (_, i) => 1000 + i),
      3,
      async (index) => {
        const prepared = await prepareCheckout(cluster, shopper(scenario, index), index, product)
        if (isFailure(prepared)) {
          problems.push(`checkout ${index}: ${prepared.step} ${prepared.outcome}`)
          return
        }
        const { outcome } = await cluster.call(index + 3, payRequest(prepared))
        // 303: the sandbox page redirects to the order's page once the payment went through.
        if (outcome.kind === 'response' && outcome.status === 303) paid += 1
        else problems.push(`checkout ${index}: pay ${describeOutcome(outcome)}`)
      },
    )
    // The last payment of the scenario was answered by now: the settling deadline counts from here.
    return { paid, problems, endedAt: Date.now() }
  }

  /** Waits until every taken payment is settled and every PAID order has its mail, or the deadline passes. */
  async function settle(
    products: number[],
    deadline: number,
  ): Promise<{ orders: ScenarioOrder[]; settledAfterMs: number | undefined }> {
    const started = Date.now()
    let orders: ScenarioOrder[] = []
    for (;;) {
      try {
        orders = await db().orders(products)
        const taken = orders.filter((order) => order.completedPayments > 0)
        const settled = taken.every(
          (order) => order.orderStatus === 'PAID' || order.orderStatus === 'REFUNDED',
        )
        const mailed = orders.every((order) => order.orderStatus !== 'PAID' || order.confirmations >= 1)
        if (settled && mailed) {
          // A little longer, so that a duplicate confirmation sent by a late redelivery is counted too.
          await sleep(QUIET_MS)
          return { orders: await db().orders(products), settledAfterMs: Date.now() - started }
        }
      } catch {
        // Read again: a query can fail right after a database restart.
      }
      if (Date.now() >= deadline) return { orders, settledAfterMs: undefined }
      await sleep(500)
    }
  }

  /**
   * The invariants every fault must keep, each a soft assertion so one run reports all that broke:
   * - every process is ready again (GET /readyz 200) and none exited on its own;
   * - no unit oversold: stock never negative, and units sold by PAID orders = stock taken;
   * - every taken payment (its sandbox page completed a payment) is PAID or REFUNDED within 60 s;
   * - every PAID order has exactly one confirmation e-mail.
   */
  async function verify(options: {
    name: string
    stocked: Stocked
    lowestSeen: { lowest: number; samples: number }
    deadline: number
    exitsBefore: number[]
    lines: string[]
  }) {
    const { name, stocked, lines } = options
    const ready = await allReady(READY_MS)
    expect
      .soft(
        [...ready.last]
          .filter(([, answer]) => answer !== '200')
          .map(([server, answer]) => `${server}: /readyz ${answer}`),
        `${name}: every process answers GET /readyz 200 within ${seconds(READY_MS)} after the fault`,
      )
      .toEqual([])
    const crashes = servers.flatMap((server, i) =>
      server.unexpectedExits
        .slice(options.exitsBefore[i] ?? 0)
        .map(
          ({ exit, excerpt }) =>
            `${server.name} exited by itself (code ${exit.code}, signal ${exit.signal ?? 'none'}) ${exit.afterMs} ms after its start; log: ${excerpt}`,
        ),
    )
    expect.soft(crashes, `${name}: no process exits unless the test stops it`).toEqual([])

    const { orders, settledAfterMs } = await settle(stocked.all, options.deadline)
    const rows: StockRow[] = await db().stock(stocked.all)
    const startStock = (id: number) => (id === stocked.spare ? stocked.spareStock : stocked.lowStock)
    expect
      .soft(
        rows.filter((row) => row.qty < 0).map((row) => `product ${row.productId}: stock ${row.qty}`),
        `${name}: no stock is negative at the end`,
      )
      .toEqual([])
    expect
      .soft(options.lowestSeen.lowest, `${name}: the lowest stock sampled during the run is not negative`)
      .toBeGreaterThanOrEqual(0)
    expect
      .soft(
        rows
          .filter((row) => startStock(row.productId) - row.qty !== row.soldByPaid)
          .map(
            (row) =>
              `product ${row.productId}: ${startStock(row.productId) - row.qty} units taken from stock, ${row.soldByPaid} sold by PAID orders`,
          ),
        `${name}: units sold by PAID orders = units taken from stock, per product`,
      )
      .toEqual([])

    const taken = orders.filter((order) => order.completedPayments > 0)
    const unsettled = taken.filter(
      (order) => order.orderStatus !== 'PAID' && order.orderStatus !== 'REFUNDED',
    )
    expect
      .soft(
        unsettled.map(
          (order) => `${order.orderNumber} ${order.orderStatus} (payment ${order.paymentStatus})`,
        ),
        `${name}: ${unsettled.length} of ${taken.length} taken payments (sandbox page completed) are not PAID or REFUNDED ${seconds(SETTLE_MS)} after the last payment was answered`,
      )
      .toEqual([])
    const paid = orders.filter((order) => order.orderStatus === 'PAID')
    const misMailed = paid.filter((order) => order.confirmations !== 1)
    expect
      .soft(
        misMailed.map((order) => `${order.orderNumber}: ${order.confirmations} confirmation e-mails`),
        `${name}: ${misMailed.length} of ${paid.length} PAID orders do not have exactly one confirmation e-mail`,
      )
      .toEqual([])

    // The fault's own payments bought the low-stock products; the checkouts afterwards, the spare one.
    const faultRun = new Set((await db().orders(stocked.low)).map((order) => order.id))
    const takenIn = (inFaultRun: boolean) =>
      tally(taken.filter((order) => faultRun.has(order.id) === inFaultRun).map((order) => order.orderStatus))
    lines.push(
      `GET /readyz at the checks: ${[...ready.last].map(([server, status]) => `${server} ${status}`).join(', ')}`,
      `processes that exited by themselves: ${crashes.length}`,
      `taken payments: ${taken.length}; in the fault's run ${takenIn(true)}; afterwards ${takenIn(false)}; ${settledAfterMs === undefined ? `NOT all settled ${seconds(SETTLE_MS)} after the last payment was answered` : 'all settled'}`,
      `PAID orders: ${paid.length}, with exactly one confirmation: ${paid.length - misMailed.length}; REFUNDED: ${orders.filter((o) => o.orderStatus === 'REFUNDED').length}`,
      `stock: ${rows.map((row) => `#${row.productId} ${startStock(row.productId)}→${row.qty} (PAID units ${row.soldByPaid})`).join(', ')}; lowest of ${options.lowestSeen.samples} samples during the run: ${options.lowestSeen.lowest}`,
    )
  }

  /**
   * Sends the payments, each to its slot's process; `onSent`
   * and `onAnswered` let a scenario fire its fault at a set point of the run.
   */
  async function pay(
    checkouts: PreparedCheckout[],
    options: {
      slotOf: (i: number) => number
      /** At most this many at once, each next one sent as one is answered; all at once without it. */
      concurrency?: number
      agentOf?: (i: number) => http.Agent | undefined
      onSent?: (payment: Payment, payments: Payment[]) => void
      onAnswered?: (payment: Payment, payments: Payment[]) => void
    },
  ) {
    const payments: Payment[] = checkouts.map((checkout, index) => ({
      index,
      checkout,
      slot: options.slotOf(index),
      port: undefined,
      outcome: undefined,
    }))
    await pool(payments, options.concurrency ?? payments.length, async (payment) => {
      const agent = options.agentOf?.(payment.index)
      const { outcome } = await cluster.call(payment.slot, {
        ...payRequest(payment.checkout, (port) => {
          payment.port = port
          options.onSent?.(payment, payments)
        }),
        ...(agent ? { agent } : {}),
      })
      payment.outcome = outcome
      options.onAnswered?.(payment, payments)
    })
    return { payments }
  }

  const answer = (payment: Payment) => (payment.outcome ? describeOutcome(payment.outcome) : 'unanswered')

  const inFlightOn = (payments: Payment[], port: number) =>
    payments.filter((payment) => payment.port === port && payment.outcome === undefined)

  it(
    '(a) a simultaneous first start of all 3 processes on an empty database: each becomes ready, and checkouts across them add up',
    { timeout: 300_000 },
    async () => {
      const name = '(a) simultaneous first start'
      const lines: string[] = []
      figures.push({ scenario: name, lines })
      const trials: { trial: number; results: StartResult[] }[] = []
      let url = ''
      for (let trial = 1; trial <= START_TRIALS; trial += 1) {
        url = await createDatabase(ADMIN_URL, `larder_cluster_start_${trial}`)
        for (const server of servers) server.databaseUrl = url
        // The same tick: all three migrate and seed the empty database at once.
        for (const server of servers) server.start()
        const results = await Promise.all(servers.map((server) => server.waitReady(READY_MS)))
        trials.push({ trial, results })
        lines.push(
          `trial ${trial}: ${results
            .map(
              (result, i) =>
                `${servers[i]?.name} ${result.ready ? `ready in ${seconds(result.afterMs)}` : result.reason}`,
            )
            .join('; ')}`,
        )
        if (trial < START_TRIALS) await Promise.all(servers.map((server) => server.stop()))
      }
      const notReady = trials.flatMap(({ trial, results }) =>
        results.flatMap((result, i) => {
          const server = servers[i]
          if (result.ready || !server) return []
          // Trial n is each process's n-th start.
          const exit = server.unexpectedExits.find((e) => e.start === trial)
          return [
            `trial ${trial}: ${server.name} ${result.reason}; log: ${exit?.excerpt ?? server.excerpt()}`,
          ]
        }),
      )
      expect
        .soft(
          notReady,
          `${name}: every process of every trial answers GET /readyz 200 within ${seconds(READY_MS)} of a simultaneous start on an empty database`,
        )
        .toEqual([])

      // The last trial's database serves the rest of the run; a process that crashed there starts again.
      ledger = new Ledger(url)
      await ensureUp(lines)
      const [products] = await db().query<{ count: number }>('select count(*)::int as count from products')
      lines.push(`catalogue after the simultaneous seeding: ${products?.count} products`)

      const exitsBefore = servers.map((server) => server.unexpectedExits.length)
      const stocked = await stock(2, 3)
      const watch = watchStock(stocked.all)
      const checkouts = await prepare(1, 12, stocked.low)
      const { payments } = await pay(checkouts, { slotOf: (i) => i })
      const after = await checkoutsAfter(1, stocked.spare)
      lines.push(`12 card payments across the 3: ${tally(payments.map((p) => answer(p)))}`)
      lines.push(
        `checkouts afterwards: ${after.paid} of 6 paid${after.problems.length ? `; ${after.problems.join('; ')}` : ''}`,
      )
      expect
        .soft(after.problems, `${name}: every checkout across the 3 processes goes through after the start`)
        .toEqual([])
      const lowestSeen = await watch.stop()
      await verify({
        name,
        stocked,
        lowestSeen,
        deadline: after.endedAt + SETTLE_MS,
        exitsBefore,
        lines,
      })
    },
  )

  it(
    '(b) kill -9 of one process in the middle of card payments, then started again: no taken payment is lost',
    { timeout: 300_000 },
    async () => {
      const name = '(b) kill -9 during payments'
      const lines: string[] = []
      figures.push({ scenario: name, lines })
      await ensureUp(lines)
      const exitsBefore = servers.map((server) => server.unexpectedExits.length)
      const victim = servers[1]
      if (!victim) throw new Error('no second process')
      const stocked = await stock(2, 10)
      const watch = watchStock(stocked.all)
      const checkouts = await prepare(2, 40, stocked.low)

      // All 40 at once, spread over the three; the kill comes when a quarter have been answered, so the
      // victim is in the middle of its share. A fixed point in the run, not a fixed time, whatever the machine.
      const KILL_AFTER = 10
      const failoversBefore = cluster.failovers
      let answered = 0
      let killedAt = 0
      let inFlightAtKill: Payment[] = []
      // Started again as soon as it is gone, as a supervisor would, while the other payments go on.
      let restarting: Promise<{ exit: ExitInfo | undefined; ready: boolean; at: number }> | undefined
      const { payments } = await pay(checkouts, {
        slotOf: (i) => i,
        onAnswered: (_payment, all) => {
          answered += 1
          if (answered !== KILL_AFTER) return
          inFlightAtKill = inFlightOn(all, victim.port)
          killedAt = victim.signal('SIGKILL')
          restarting = victim.waitExit(10_000).then(async (exit) => {
            victim.start()
            const started = await victim.waitReady(READY_MS)
            return { exit, ready: started.ready, at: Date.now() }
          })
        },
      })
      expect(killedAt, `${name}: the kill happened during the payments`).toBeGreaterThan(0)
      const restarted = await restarting
      const exit = restarted?.exit
      const recovery = restarted?.ready ? restarted.at - killedAt : undefined

      expect
        .soft(
          inFlightAtKill.length,
          `${name}: the victim had payments in flight when it was killed (else the fault tested nothing)`,
        )
        .toBeGreaterThan(0)
      const after = await checkoutsAfter(2, stocked.spare)
      expect
        .soft(after.problems, `${name}: every checkout across the 3 processes goes through after the restart`)
        .toEqual([])
      lines.push(
        `40 card payments, all at once over 3 processes; kill -9 of ${victim.name} after ${KILL_AFTER} answered, with ${inFlightAtKill.length} of its payments in flight (exit: signal ${exit?.signal ?? '?'})`,
        `payment answers: ${tally(payments.map((p) => answer(p)))}; refused connections sent on to another process: ${cluster.failovers - failoversBefore}`,
        `${victim.name} started again and ready ${recovery === undefined ? `NOT within ${seconds(READY_MS)}` : `${seconds(recovery)} after the kill`}`,
        `checkouts afterwards: ${after.paid} of 6 paid${after.problems.length ? `; ${after.problems.join('; ')}` : ''}`,
      )
      const lowestSeen = await watch.stop()
      await verify({
        name,
        stocked,
        lowestSeen,
        deadline: after.endedAt + SETTLE_MS,
        exitsBefore,
        lines,
      })
    },
  )

  it(
    '(c) a PostgreSQL restart (pg_ctl restart -m fast) in the middle of card payments: every process recovers by itself',
    { timeout: 300_000 },
    async () => {
      const name = '(c) PostgreSQL restart during payments'
      const lines: string[] = []
      figures.push({ scenario: name, lines })
      await ensureUp(lines)
      const exitsBefore = servers.map((server) => server.unexpectedExits.length)
      const stocked = await stock(3, 8)
      const watch = watchStock(stocked.all)
      const checkouts = await prepare(3, PAYMENTS_C, stocked.low)

      // Six payments in flight at all times (two a process), each sent as one is answered, so whenever
      // PostgreSQL goes away some are between their page's completion and the webhook's commit. The
      // restart is fired when the 20th is sent.
      const RESTART_AT = 20
      let restartStarted = 0
      let inFlightAtRestart = 0
      let restartDone = false
      let restarting: Promise<{ ok: boolean; ms: number; error?: string }> | undefined
      const seen = new Map<string, Set<string>>(servers.map((server) => [server.name, new Set()]))
      // Probed every 100 ms beside the payments: recovered is the first probe, once pg_ctl has returned,
      // at which all three answer /readyz 200.
      let recoveredAt: number | undefined
      const probe = async () => {
        while (recoveredAt === undefined && Date.now() - restartStarted < READY_MS + 60_000) {
          const answers = await Promise.all(servers.map((server) => readiness(server.port, 1_000)))
          servers.forEach((server, i) => seen.get(server.name)?.add(answers[i] ?? 'none'))
          if (restartDone && answers.every((answer) => answer === '200')) recoveredAt = Date.now()
          else await sleep(100)
        }
      }
      let probing: Promise<void> = Promise.resolve()
      const { payments } = await pay(checkouts, {
        slotOf: (i) => i,
        concurrency: 6,
        onSent: (payment, all) => {
          if (payment.index !== RESTART_AT - 1 || restarting) return
          inFlightAtRestart = all.filter((p) => p.port !== undefined && p.outcome === undefined).length
          restartStarted = Date.now()
          probing = probe()
          restarting = run(PG_RESTART, { timeout: 60_000 }).then(
            () => ({ ok: true, ms: Date.now() - restartStarted }),
            (error: Error) => ({ ok: false, ms: Date.now() - restartStarted, error: error.message }),
          )
          void restarting.then(() => {
            restartDone = true
          })
        },
      })
      const restart = await (restarting ??
        Promise.resolve({ ok: false, ms: 0, error: 'the restart never ran' }))
      expect(restart.ok, `${name}: pg_ctl restart succeeded (${restart.error ?? ''})`).toBe(true)
      await probing
      const recovery = recoveredAt === undefined ? undefined : recoveredAt - restartStarted

      const after = await checkoutsAfter(3, stocked.spare)
      expect
        .soft(after.problems, `${name}: every checkout across the 3 processes goes through after the restart`)
        .toEqual([])
      const duringRestart = payments.filter((p) => p.index >= RESTART_AT - 1)
      lines.push(
        `${PAYMENTS_C} card payments over 3 processes, 6 at a time; pg_ctl restart -m fast when the ${RESTART_AT}th was sent (${inFlightAtRestart} in flight), took ${seconds(restart.ms)}`,
        `payment answers: ${tally(payments.map((p) => answer(p)))} (from the restart on: ${tally(duringRestart.map((p) => answer(p)))})`,
        `/readyz answers seen from the restart until all three were ready: ${[...seen].map(([server, answers]) => `${server} ${[...answers].join('/')}`).join(', ')}`,
        `all 3 ready ${recovery === undefined ? `NOT within ${seconds(READY_MS)}` : `${seconds(recovery)} after the restart began`}`,
        `checkouts afterwards: ${after.paid} of 6 paid${after.problems.length ? `; ${after.problems.join('; ')}` : ''}`,
      )
      const lowestSeen = await watch.stop()
      await verify({
        name,
        stocked,
        lowestSeen,
        deadline: after.endedAt + SETTLE_MS,
        exitsBefore,
        lines,
      })
    },
  )

  it(
    '(d) SIGTERM to one process with payments in flight, then started again: every request in flight gets a complete response',
    { timeout: 300_000 },
    async () => {
      const name = '(d) SIGTERM with requests in flight'
      const lines: string[] = []
      figures.push({ scenario: name, lines })
      await ensureUp(lines)
      const exitsBefore = servers.map((server) => server.unexpectedExits.length)
      const victim = servers[2]
      if (!victim) throw new Error('no third process')
      const stocked = await stock(2, 8)
      const watch = watchStock(stocked.all)
      const checkouts = await prepare(4, 30, stocked.low)

      // 20 payments to the victim and 10 to the others, all at once. Half of the victim's go on a
      // keep-alive connection that a first request (GET /healthz) opened, as a load balancer reuses its
      // connections; the other half each on a new connection. SIGTERM as soon as all 20 have been written
      // to their sockets, so they are in flight (sent, not answered) when the signal lands.
      const TO_VICTIM = 20
      const victimSlot = servers.indexOf(victim)
      const agents = new Map<number, http.Agent>()
      for (let i = 0; i < TO_VICTIM; i += 2) agents.set(i, new http.Agent({ keepAlive: true, maxSockets: 1 }))
      const warmed = await Promise.all(
        [...agents].map(async ([i, agent]) => {
          const who = checkouts[i]?.shopper.address
          const outcome = await send({
            port: victim.port,
            method: 'GET',
            path: '/healthz',
            agent,
            ...(who ? { localAddress: who } : {}),
          })
          return outcome.kind === 'response' && outcome.status === 200
        }),
      )
      if (!warmed.every(Boolean))
        throw new Error('the keep-alive connections to the victim could not be opened')
      const connection = (payment: Payment) => (agents.has(payment.index) ? 'keep-alive' : 'new connection')

      let sentToVictim = 0
      let signalledAt = 0
      let inFlightAtSignal: Payment[] = []
      const drainAnswers: string[] = []
      let draining: Promise<void> = Promise.resolve()
      const { payments } = await pay(checkouts, {
        slotOf: (i) => (i < TO_VICTIM ? victimSlot : victimSlot + 1 + (i % 2)),
        agentOf: (i) => agents.get(i),
        onSent: (payment, all) => {
          if (payment.port !== victim.port || signalledAt) return
          sentToVictim += 1
          if (sentToVictim < TO_VICTIM) return
          inFlightAtSignal = inFlightOn(all, victim.port)
          signalledAt = victim.signal('SIGTERM')
          // What a load balancer's health check sees while the process shuts down.
          draining = (async () => {
            while (victim.running && Date.now() - signalledAt < SIGTERM_EXIT_MS) {
              drainAnswers.push(await readiness(victim.port, 1_000))
              await sleep(50)
            }
          })()
        },
      })
      for (const agent of agents.values()) agent.destroy()
      expect(signalledAt, `${name}: SIGTERM was sent while payments were in flight`).toBeGreaterThan(0)
      const exit = await victim.waitExit(Math.max(0, signalledAt + SIGTERM_EXIT_MS - Date.now()))
      await draining
      if (!exit) await victim.stop()
      expect
        .soft(
          exit ? [] : [`${victim.name} still running ${seconds(SIGTERM_EXIT_MS)} after SIGTERM`],
          `${name}: the process exits by itself within ${seconds(SIGTERM_EXIT_MS)} of SIGTERM`,
        )
        .toEqual([])
      victim.start()
      const restarted = await victim.waitReady(READY_MS)
      const recovery = restarted.ready ? Date.now() - signalledAt : undefined

      expect
        .soft(
          inFlightAtSignal.length,
          `${name}: requests were in flight at SIGTERM (else the fault tested nothing)`,
        )
        .toBeGreaterThan(0)
      const label = (payment: Payment) =>
        `payment ${payment.index} (${connection(payment)}, order ${payment.checkout.orderId}): ${answer(payment)}`
      const cut = inFlightAtSignal.filter((payment) => payment.outcome?.kind !== 'response')
      expect
        .soft(
          cut.map(label),
          `${name}: ${cut.length} of ${inFlightAtSignal.length} requests in flight at SIGTERM got no complete HTTP response`,
        )
        .toEqual([])
      // A graceful shutdown finishes what it had accepted as it would have without the signal.
      const failed = inFlightAtSignal.filter(
        (payment) => payment.outcome?.kind === 'response' && payment.outcome.status >= 500,
      )
      expect
        .soft(
          failed.map(label),
          `${name}: ${failed.length} of ${inFlightAtSignal.length} requests in flight at SIGTERM were answered with a 5xx`,
        )
        .toEqual([])
      const after = await checkoutsAfter(4, stocked.spare)
      expect
        .soft(after.problems, `${name}: every checkout across the 3 processes goes through after the restart`)
        .toEqual([])
      const byConnection = (kind: string) =>
        inFlightAtSignal.filter((payment) => connection(payment) === kind)
      lines.push(
        `30 card payments at once, 20 of them to ${victim.name} (10 on kept-alive connections); SIGTERM when all 20 were sent: ${inFlightAtSignal.length} in flight, ${cut.length} of them reset`,
        `in flight on a kept-alive connection: ${tally(byConnection('keep-alive').map(answer))}; on a new connection: ${tally(byConnection('new connection').map(answer))}`,
        `all payment answers: ${tally(payments.map(answer))}`,
        `${victim.name} ${exit ? `exited ${seconds(exit.at - signalledAt)} after SIGTERM with ${exit.code === null ? `signal ${exit.signal}` : `code ${exit.code}`}` : `did NOT exit within ${seconds(SIGTERM_EXIT_MS)}`}; /readyz while it shut down: ${tally(drainAnswers)}`,
        `${victim.name} started again and ready ${recovery === undefined ? `NOT within ${seconds(READY_MS)}` : `${seconds(recovery)} after SIGTERM`}`,
        `checkouts afterwards: ${after.paid} of 6 paid${after.problems.length ? `; ${after.problems.join('; ')}` : ''}`,
      )
      const lowestSeen = await watch.stop()
      await verify({
        name,
        stocked,
        lowestSeen,
        deadline: after.endedAt + SETTLE_MS,
        exitsBefore,
        lines,
      })
    },
  )

  it(
    '(e) rate limits are one limit across the 3 processes, per address and per account, not one per process',
    { timeout: 120_000 },
    async () => {
      const name = '(e) rate limits across processes'
      const lines: string[] = []
      figures.push({ scenario: name, lines })
      await ensureUp(lines)
      /** A JSON POST from `who` to the process `i` modulo 3: consecutive calls go round the three. */
      const post = async (i: number, who: Shopper, path: string, body: unknown) => {
        const server = servers[i % servers.length]
        if (!server) throw new Error('no process')
        const outcome = await send({
          port: server.port,
          method: 'POST',
          path,
          localAddress: who.address,
          headers: {
            'content-type': 'application/json',
            cookie: `XSRF-TOKEN=${who.xsrf}`,
            'x-xsrf-token': who.xsrf,
          },
          body: JSON.stringify(body),
        })
        return outcome.kind === 'response' ? outcome.status : outcome.kind
      }

      // Per address: 12 log-in attempts from one address, round the three processes.
      const guesser = shopper(5, 0)
      const perAddress = []
      for (let i = 0; i < 12; i++)
        perAddress.push(
          await post(i, guesser, '/api/authenticate', { username: `nobody-${i}`, password: 'wrong one' }),
        )
      expect
        .soft(perAddress, `${name}: 10 attempts a minute per address in all`)
        .toEqual([...Array<number>(10).fill(401), 429, 429])

      // Per account: wrong passwords for one account from 11 addresses, round the three processes.
      const owner = shopper(5, 1)
      const login = `cluster-${Date.now().toString(36)}`
      const registered = await post(0, owner, '/api/register', {
        login,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `${login}@example.com`,
        password: 'correct horse battery',
      })
      expect(registered, `${name}: registration`).toBe(201)
      const perAccount = []
      for (let i = 0; i < 11; i++)
        perAccount.push(
          await post(i, shopper(5, 10 + i), '/api/authenticate', { username: login, password: 'wrong one' }),
        )
      expect
        .soft(perAccount, `${name}: 10 attempts a minute per account in all`)
        .toEqual([...Array<number>(10).fill(401), 429])
      lines.push(
        `one address, 12 log-ins round 3 processes: ${perAddress.join(' ')}`,
        `one account, 11 log-ins from 11 addresses round 3 processes: ${perAccount.join(' ')}`,
      )
    },
  )
})
