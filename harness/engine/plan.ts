/** The plan of one engine operation: the steps it took, in the order the engine reports them, and what went wrong. */

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh-update" | "refresh-delete" | "refresh-same";

export interface Step {
    op: StepOp;
    urn: string;
    type: string;
    name: string;
    /** update, replace: the keys that differ. */
    changedKeys?: string[];
    replaceKeys?: string[];
    deleteBeforeReplace?: boolean;
}

export interface RunResult {
    steps: Step[];
    /** Stack outputs, secrets shown as "[secret]". */
    outputs: Record<string, unknown>;
    failed: boolean;
    errors: string[];
    /** Warnings the provider wrote (its stderr, which the real engine shows as diagnostics). */
    warnings: string[];
}

/** Steps, errors and warnings as an operation records them; started afresh for each operation. */
export class Plan {
    steps: Step[] = [];
    errors: string[] = [];
    warnings: string[] = [];

    step(op: StepOp, urn: string, extra: Partial<Step> = {}): void {
        const [type = "", name = ""] = urn.split("::").slice(2);
        this.steps.push({ op, urn, type, name, ...extra });
    }

    /** A failure as the engine reports it: a gRPC error's details, or the error's message. */
    fail(e: unknown): void {
        const err = e as { details?: string; message?: string };
        this.errors.push(err.details ?? err.message ?? String(e));
    }

    result(outputs: Record<string, unknown> = {}): RunResult {
        return { steps: this.steps, outputs, failed: this.errors.length > 0, errors: this.errors, warnings: this.warnings };
    }
}

/** A plan like Pulumi prints it ("same" steps left out unless asked). */
export function formatPlan(result: RunResult, options: { showSames?: boolean } = {}): string {
    const symbol: Record<StepOp, string> = { create: "+", update: "~", replace: "+-", delete: "-", same: "=", "refresh-update": "~", "refresh-delete": "-", "refresh-same": "=" };
    const lines = result.steps
        .filter((s) => options.showSames || (s.op !== "same" && s.op !== "refresh-same"))
        .map((s) => {
            const keys = s.replaceKeys?.length ? ` [replace: ${s.replaceKeys.join(", ")}${s.deleteBeforeReplace ? "; delete before replace" : ""}]` : s.changedKeys?.length ? ` [${s.changedKeys.join(", ")}]` : "";
            return `  ${symbol[s.op].padEnd(2)} ${s.type.replace("pulumi-nodejs:dynamic/", "")} ${s.name} ${s.op}${keys}`;
        });
    const counts = result.steps.reduce<Record<string, number>>((c, s) => ((c[s.op] = (c[s.op] ?? 0) + 1), c), {});
    const summary = Object.entries(counts).map(([op, n]) => `${n} ${op}`).join(", ") || "no resources";
    return [...lines, `  (${summary})`, ...result.warnings.map((w) => `  ${w}`), ...result.errors.map((e) => `  error: ${e}`)].join("\n");
}

