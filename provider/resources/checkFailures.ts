/**
 * A kind's check failures as the engine can show them, for both faces (the runtime wraps every kind in it): the engine
 * prints a failure's property with the value the program gave it, so a failure on a property the program did not
 * give (a friendly URL the state supplied) read "property friendlyUrl value {<nil>} has a problem". Such a failure is
 * the resource's (model/check.ts, anchoredFailures). Every other member of the kind is its own, untouched.
 */
import type { Values } from "../declarations/declaration";
import { anchoredFailures } from "../model/check";
import type { ResourceKind } from "./kind";

export function anchoringFailures(kind: ResourceKind): ResourceKind {
    const check: ResourceKind["check"] = async (olds, news, ctx) => {
        const result = await kind.check(olds, news, ctx);
        return { ...result, failures: anchoredFailures(result.failures, news as Values) };
    };
    return new Proxy(kind, {
        get(target, property, receiver) {
            if (property === "check") return check;
            const value: unknown = Reflect.get(target, property, receiver);
            return typeof value === "function" ? value.bind(target) : value;
        },
    });
}
