/**
 * What the API clients of one runtime share (provider/runtime.ts makes one and hands it to every client it builds):
 * a request budget per API and team (limiter.ts), so that a `pulumi up` of 500 rooms stays within the team's
 * `vcrooms:requestsPerMinute` however the engine parallelises, and a keep-alive connection pool per origin.
 * A client built on its own (a test, the adopt-team tool) gets one of its own.
 */
import type { Pool } from "undici";
import { RequestBudget, type LimiterOptions } from "./limiter";

/** undici, loaded at the first request: the dynamic-provider host loads the provider for operations that send none. */
const undici = (): typeof import("undici") => require("undici");

export class SharedTransport {
    private readonly budgets = new Map<string, RequestBudget>();
    private readonly pools = new Map<string, Pool>();
    private readonly cancelling = new AbortController();

    /**
     * Aborted by `cancel`: from then on no client of the runtime sends a request or waits for a retry (a request
     * already sent is answered as usual: cutting it off would leave unknown whether it acted).
     */
    get cancelled(): AbortSignal {
        return this.cancelling.signal;
    }

    /** The engine's Cancel (Ctrl-C): every operation of the runtime ends at its next request or retry, with an error. */
    cancel(): void {
        this.cancelling.abort();
    }

    /** The budget for an API (origin and base path) and team; a later client's settings apply to it (another requestsPerMinute). */
    budget(api: string, teamId: string | undefined, options: LimiterOptions): RequestBudget {
        const key = `${api}#${teamId ?? ""}`;
        let budget = this.budgets.get(key);
        if (!budget) {
            budget = new RequestBudget(options);
            this.budgets.set(key, budget);
        } else {
            budget.reconfigure(options);
        }
        return budget;
    }

    /** The connection pool for an origin, opened again if it was closed. */
    pool(origin: string, connections: number): Pool {
        let pool = this.pools.get(origin);
        if (!pool || pool.closed || pool.destroyed) {
            pool = new (undici().Pool)(origin, { connections, pipelining: 1, keepAliveTimeout: 10_000 });
            this.pools.set(origin, pool);
        }
        return pool;
    }

    /** Closes every pooled connection (the end of a test or a bench); a later request opens its pool again. */
    async close(): Promise<void> {
        const pools = [...this.pools.values()];
        this.pools.clear();
        await Promise.all(pools.map((p) => p.close()));
    }
}
