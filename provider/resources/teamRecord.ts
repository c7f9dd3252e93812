/**
 * Which team made each resource, kept in its state as `__team` (the API URL, resolved as teamOf resolves it: two
 * spellings of one URL are one team; never a key; a secret output in both faces, as the URL may be a secret config
 * value), for both faces (the runtime wraps every kind in it). A resource
 * that has no `connection` of its own speaks for the team its provider's configuration names: the stack's
 * `vcrooms:*` (dynamic face, and the plugin's default provider), or an explicit provider's arguments. When that
 * configuration is pointed at another team, the old team's resource cannot be reached through it any more: an update
 * would PATCH the old id in the new team (404), a refresh would find nothing there and drop the resource from the
 * stack, and a delete would go to the new team by a stale id while the old room stayed behind. The plugin face
 * replaces the provider instead (adapter.ts, diffConfig), so the engine deletes the old resources with the old
 * arguments; this record is what the dynamic face (whose provider's configuration the engine does not diff) and any
 * call the engine still makes through a provider of another team are judged by:
 *
 * - diff, update and delete fail in one line naming the resource, the team reached now (the one that made it by
 *   where its secret URL is read) and the ways out (which name the
 *   `VCROOMS_*` variables when the environment names the team now, else the configuration's keys); but a kind whose delete
 *   sends nothing (a join token, a purge: `deleteSendsNothing`) is replaced, reported under `connection`, as a
 *   `connection` to another team is: it is issued, or purges, anew in the team reached now;
 * - a read (a refresh) sends nothing to the other team and keeps the state as it is, so a refresh never drops the
 *   resource; the diff that follows says what to do.
 *
 * A state without the record (written by 0.1.0, and not read, created or updated since) cannot be judged so, and an
 * upgrade shows no change, so nothing else would write it: its provider may have been pointed at another team before
 * the record was ever written, and a refresh through that team would drop a room it does not hold (left behind in
 * the old team) or take the other team's defaults into the TeamDefaults, an update would PATCH the old id there. So
 * (`judgingUnrecorded`):
 *
 * - a read (a refresh) that proves the team reached holds the resource (`foundInTeam`) records that team, with no
 *   change shown (the record is an output no diff compares), so one `pulumi refresh` after the upgrade records every
 *   resource that still exists (an import, a read with no state, records the team it found the resource in too);
 * - a Room or TeamDefaults without the record that the team reached does not hold (not found, or another team's
 *   defaults record) is refused at read, diff, update and delete, naming the resource, that its state predates the
 *   record, and the ways out (point the configuration back and refresh once; `pulumi state delete` if it was deleted
 *   outside Pulumi): never dropped, never written in the other team. A diff, update or delete of one reads it first
 *   (one GET, until a refresh or an update writes the record). A join token or purge is replaced on a move as before
 *   (its delete sends nothing); a purge's read sends nothing, so it gains the record at its create only.
 */
import { ConfigurationError } from "../api";
import { TEAM_RECORD } from "../declarations/derive";
import { shownUrl } from "../api/config";
import type { Declaration, Values } from "../declarations/declaration";
import type { ConnectionInput } from "../model/connection";
import { containsUnknown } from "../model/check";
import { teamOf } from "./claims";
import { replacedBy } from "./diff";
import type { ClientFor } from "./connections";
import { identityLabel, identityOf, type Context, type ResourceKind } from "./kind";

/** The state's record of the team that made the resource (hidden from `--diff`, as every `__` key is; a secret output, derive.ts). */
export { TEAM_RECORD } from "../declarations/derive";

/** The team a resource's connection reaches today (with the provider's configuration for what it leaves out); undefined when it cannot be told. */
function teamReached(clientFor: ClientFor, connection: unknown): string | undefined {
    if (containsUnknown(connection)) return undefined;
    try {
        return teamOf(clientFor(connection as ConnectionInput | undefined));
    } catch (error) {
        if (error instanceof ConfigurationError) return undefined;
        throw error;
    }
}

/** How a message names the resource: by its identity where the call carries one, else by its kind alone. */
function labelOf(kind: string, ctx: Context | undefined): string {
    const identity = ctx === undefined ? undefined : identityOf(ctx);
    return identity === undefined ? kind : identityLabel(kind, identity);
}

/**
 * The one line a call on a resource of another team fails with (`call`: the diff of a preview or up, an update, or a
 * delete). `pulumi refresh` and `pulumi destroy` run with the provider configuration the stack's state holds, which
 * is the old team's until an up stores the new one (an `up --skip-preview` does, before the resource's diff fails), so
 * the way back is an up with the configuration pointed back, then the destroy. The `VCROOMS_*` variables (`fromEnvironment`)
 * are not kept in the state: setting them back is enough. The team that made the resource is not named by its URL: the
 * record is a secret (it may have come from secret config, which no face can tell once stored), so the line says where
 * to read it instead. The URL named now is the configuration's, which the CLI itself shows as [secret] when it is one.
 */
export function teamMovedMessage(kind: string, ctx: Context | undefined, now: string, call: "diff" | "update" | "delete", fromEnvironment = false): string {
    const label = labelOf(kind, ctx);
    const head =
        `${label} was made in another team (its API URL is kept as a secret in the resource's state, under ${TEAM_RECORD}: \`pulumi stack export --show-secrets\` shows it), ` +
        `but its provider's configuration now names the team at ${shownUrl(now)}${fromEnvironment ? " (VCROOMS_API_URL)" : ""}, through which it cannot be updated or deleted`;
    const otherWays = `or give the resource a provider (plugin) or connection (SDK) of the new team to replace it while the old provider stays, or forget it with \`pulumi state delete\` (its ${kind} stays in the old team)`;
    if (fromEnvironment) {
        return `${head}; set the environment variables VCROOMS_API_URL and VCROOMS_DEVELOPER_KEY back to the team that made it and run \`pulumi destroy\` (or drop the resource and \`pulumi up\`) before pointing them at the new team, ${otherWays}`;
    }
    const stored = call === "delete" ? "" : " (`pulumi refresh` and `pulumi destroy` run with the configuration the stack's state holds, so they still reach it until an up stores the new one)";
    return (
        `${head}${stored}; point the configuration (vcrooms:apiUrl and vcrooms:developerKey, or the explicit provider's apiUrl and developerKey) back at the team that made it and run \`pulumi up\` ` +
        `(it changes nothing, and stores that configuration again if a failed up stored the new one), then \`pulumi destroy\` (or drop the resource and \`pulumi up\`) before pointing it at the new team, ${otherWays}`
    );
}

/** The state's record, when it has one. */
const recorded = (props: Values | undefined): string | undefined => (typeof props?.[TEAM_RECORD] === "string" ? (props[TEAM_RECORD] as string) : undefined);

/** The bag without the record: the kinds never see it. */
function without(props: Values | undefined): Values | undefined {
    if (props === undefined || props === null || !(TEAM_RECORD in props)) return props;
    const { [TEAM_RECORD]: _, ...rest } = props;
    return rest;
}

/** `fromEnvironment`: whether a connection's API URL is the `VCROOMS_API_URL` variable's (Connections.apiUrlFromEnvironment). */
export function recordingTeam(d: Declaration, kind: ResourceKind, clientFor: ClientFor, fromEnvironment: (connection: ConnectionInput | undefined) => boolean = () => false): ResourceKind {
    /** The team the resource's state connection reaches now, when it is not the one recorded. */
    const moved = (props: Values | undefined): { made: string; now: string } | undefined => {
        const made = recorded(props);
        const now = made === undefined ? undefined : teamReached(clientFor, props?.connection);
        return made !== undefined && now !== undefined && now !== made ? { made, now } : undefined;
    };
    const refuse = (props: Values | undefined, ctx: Context | undefined, call: "diff" | "update" | "delete") => {
        const m = moved(props);
        if (m !== undefined) throw new Error(teamMovedMessage(d.type, ctx, m.now, call, fromEnvironment(props?.connection as ConnectionInput | undefined)));
    };
    const stamped = (outs: Values, connection: unknown): Values => {
        const team = teamReached(clientFor, connection);
        return team === undefined ? outs : { ...outs, [TEAM_RECORD]: team };
    };
    const update = kind.update?.bind(kind);
    const planned = kind.planned?.bind(kind);
    const generated = kind.generated?.bind(kind);
    return judgingUnrecorded(d, clientFor, {
        check: (olds, news, ctx) => kind.check(olds, news, ctx),
        async diff(id, olds, news, ctx) {
            // The old side is what an update or the replacement's delete would reach: the state's connection, resolved now.
            // A kind whose delete sends nothing is replaced (made anew in the team reached now); any other is refused.
            if (!d.deleteSendsNothing) refuse(olds, ctx, "diff");
            const diff = await kind.diff(id, without(olds) as Values, news, ctx);
            // Named as an update of `connection` (what reaches the team), whether the input itself changed or the configuration.
            return moved(olds) === undefined ? diff : replacedBy(diff, "connection", { connection: {} }, { connection: {} });
        },
        async create(inputs, ctx) {
            try {
                const result = await kind.create(inputs, ctx);
                return { ...result, outs: stamped(result.outs, inputs.connection) };
            } catch (error) {
                // A failed create the engine keeps in the stack: made in this team too.
                const kept = error as { properties?: Values };
                if (kept.properties !== undefined) kept.properties = stamped(kept.properties, inputs.connection);
                throw error;
            }
        },
        async read(id, props, ctx) {
            // A refresh through another team's configuration would find nothing there and drop the resource: kept as it is.
            if (moved(props) !== undefined) return { id, props: props as Values };
            const result = await kind.read(id, without(props), ctx);
            const made = recorded(props);
            return made === undefined || !result.id ? result : { ...result, props: { ...result.props, [TEAM_RECORD]: made } };
        },
        ...(update
            ? {
                  async update(id: string, olds: Values, news: Values, ctx?: Context) {
                      refuse(olds, ctx, "update");
                      const result = await update(id, without(olds) as Values, news, ctx);
                      return { ...result, outs: stamped(result.outs, news.connection) };
                  },
              }
            : {}),
        async delete(id, props, ctx) {
            if (!d.deleteSendsNothing) refuse(props, ctx, "delete");
            return kind.delete(id, without(props) as Values, ctx);
        },
        ...(planned ? { planned: (id: string | undefined, news: Values, olds: Values | undefined, ctx?: Context) => planned(id, news, without(olds), ctx) } : {}),
        ...(generated ? { generated } : {}),
    });
}

/**
 * The one line a call on a resource without the record fails with when the team its configuration reaches now does
 * not hold it (`now`: that team's API URL, when it can be told).
 */
export function unrecordedTeamMessage(kind: string, ctx: Context | undefined, now: string | undefined): string {
    const label = labelOf(kind, ctx);
    const urn = ctx?.resourceUrn;
    const drop = urn === undefined ? "`pulumi state delete` with its URN (`pulumi stack --show-urns`)" : `\`pulumi state delete '${urn}'\``;
    return (
        `${label} is not in the team at ${now === undefined ? "which its provider's configuration names now" : `${shownUrl(now)}, which its provider's configuration names now`}, and its state predates the record of the team that made it ` +
        `(written by 0.1.0, and not refreshed or updated since), so it cannot be told whether it was made in another team or deleted outside Pulumi; nothing was changed. ` +
        `If the configuration (vcrooms:apiUrl and vcrooms:developerKey, the explicit provider's apiUrl and developerKey, the resource's connection, or VCROOMS_API_URL and VCROOMS_DEVELOPER_KEY) was pointed at another team since, ` +
        `point it back at the team that made the resource and run \`pulumi refresh --run-program\` once (it records each resource's team, and reads with the configuration the program gives, where a plain refresh reads with the one the state holds from the last up), then move it; ` +
        `if the ${kind} was deleted outside Pulumi (or is to be forgotten), drop it from the stack with ${drop} ` +
        `(with \`--target-dependents\` when a resource of the stack depends on it, such as a JoinToken of the room: they are dropped too, and an up makes them again)`
    );
}

/**
 * A state without the record (see the head of this file): a read that proves the team reached holds the resource
 * records that team; a Room or TeamDefaults that team does not hold is refused, by a read before its diff, update or
 * delete. `kind`: recordingTeam's kind, which judges states with the record.
 */
function judgingUnrecorded(d: Declaration, clientFor: ClientFor, kind: ResourceKind): ResourceKind {
    // A read with no state is an import: nothing recorded to miss, and what it finds is recorded as a refresh's is.
    const importing = (props: Values | undefined) => props === undefined || props === null || Object.keys(props).length === 0;
    const unrecorded = (props: Values | undefined): props is Values => !importing(props) && recorded(props) === undefined;
    const read: ResourceKind["read"] = async (id, props, ctx) => {
        const { foundInTeam, ...result } = await kind.read(id, props, ctx);
        if (!importing(props) && !unrecorded(props)) return result;
        if (unrecorded(props) && !d.deleteSendsNothing && (result.id === "" || foundInTeam === false)) throw new Error(unrecordedTeamMessage(d.type, ctx, teamReached(clientFor, props.connection)));
        const team = foundInTeam === true ? teamReached(clientFor, props?.connection) : undefined;
        return team === undefined ? result : { ...result, props: { ...result.props, [TEAM_RECORD]: team } };
    };
    /** Before a call that would reach the team: refused as a read is when that team does not hold the resource. */
    const held = async (id: string, props: Values | undefined, ctx: Context | undefined) => {
        if (unrecorded(props) && !d.deleteSendsNothing) await read(id, props, ctx);
    };
    const update = kind.update?.bind(kind);
    return {
        ...kind,
        read,
        async diff(id, olds, news, ctx) {
            await held(id, olds, ctx);
            return kind.diff(id, olds, news, ctx);
        },
        ...(update
            ? {
                  async update(id: string, olds: Values, news: Values, ctx?: Context) {
                      await held(id, olds, ctx);
                      return update(id, olds, news, ctx);
                  },
              }
            : {}),
        async delete(id, props, ctx) {
            await held(id, props, ctx);
            return kind.delete(id, props, ctx);
        },
    };
}
