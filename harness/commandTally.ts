/**
 * How long one test file's `pulumi` processes ran, and how many there were, by kind: the operations a real-CLI file
 * exists to prove (preview, up, refresh, destroy, import) and every other `pulumi` command (stack init, config,
 * stack export, ...). harness/pulumiCli.ts adds each process it runs; test/support/commandTally.ts writes the sums
 * when the file ends, and the run's reporter (test/support/slowest.ts) puts them beside the file's time: what is
 * left of the file's time is installs, builds and the test's own work. Wall time of each process: commands run at
 * once add up to more than the file's time.
 */
export const OPERATIONS = new Set(["preview", "up", "update", "refresh", "destroy", "import"]);

export const commandTally = { operationsMs: 0, operations: 0, otherMs: 0, others: 0 };

/** Adds one `pulumi {args}` process that ran for `ms`. */
export function tallyCommand(args: readonly string[], ms: number): void {
    if (OPERATIONS.has(args[0] ?? "")) {
        commandTally.operationsMs += ms;
        commandTally.operations++;
    } else {
        commandTally.otherMs += ms;
        commandTally.others++;
    }
}
