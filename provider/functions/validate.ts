/**
 * Checks a data function's arguments against its declaration before any request: every failure at
 * once, each naming the argument, the rule and the value (never the connection's).
 */
import { showValue } from "../model/check";
import { connectionArg, type CommonArgs, type FunctionDeclaration } from "./functionShape";

/** Arguments that break their function's rules. */
export class InvalidArgumentsError extends Error {
    constructor(readonly functionName: string, readonly failures: string[]) {
        super(`Invalid arguments to ${functionName}: ${failures.join("; ")}`);
        this.name = "InvalidArgumentsError";
    }
}

export function validateArgs<A extends CommonArgs>(d: FunctionDeclaration<A, unknown>, given: unknown): A {
    if (given !== undefined && (given === null || typeof given !== "object" || Array.isArray(given))) {
        throw new InvalidArgumentsError(d.name, [`the arguments must be an object; got ${showValue(given)}`]);
    }
    const args = Object.fromEntries(Object.entries((given ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined));
    const fields: Record<string, (typeof d.args)[keyof typeof d.args]> = { ...d.args, connection: connectionArg };
    const failures: string[] = [];
    for (const [name, field] of Object.entries(fields)) {
        const value = args[name];
        if (value === undefined) {
            if (field.required) failures.push(`${name} is required`);
            continue;
        }
        const rule = field.validate(value);
        if (rule) failures.push(`${name} ${rule}; got ${showValue(value, field.hidden)}`);
    }
    for (const name of Object.keys(args)) {
        if (!(name in fields)) failures.push(`${name} is not an argument of ${d.name} (its arguments: ${Object.keys(fields).join(", ")})`);
    }
    if (failures.length === 0 && d.rules) {
        for (const [name, rule, value] of d.rules(args as unknown as A)) failures.push(`${name} ${rule}; got ${showValue(value)}`);
    }
    if (failures.length > 0) throw new InvalidArgumentsError(d.name, failures);
    return args as unknown as A;
}
