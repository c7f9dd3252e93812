/**
 * The JoinToken provider: issues a participant's join token (POST /rooms/{room}/token) and keeps it
 * until an input changes or it nears its expiry, both of which replace it.
 *
 * Time: a token expires by the API's clock, which signed it (`iat`, and `exp` for a relative expiry).
 * So `diff` asks the API for its time, the `Date` header of one small read, and compares the token's
 * `exp` with that, not with this machine's clock. The dynamic provider's `diff` runs at every preview
 * and up, so passing time shows up there with no change to the program.
 *
 * The API cannot revoke a token: `delete` forgets it, and the token stays valid until it expires.
 */
import { randomUUID } from "node:crypto";
import { detailOf } from "./diff";
import { PROCESS_CONTEXT, type Context, type KindCheck, type KindDiff, type KindRead, type ResourceKind } from "./kind";
import { decodeJoinToken, NotFoundError, signedWith, type RoomsClient } from "../api";
import type { ConnectionInput } from "../model/connection";
import type { ProviderInputsOf, ProviderOutputsOf, Values } from "../declarations/declaration";
import { stableOutputs, userExtras } from "../declarations/derive";
import { joinToken } from "../declarations/joinToken";
import { apiTime, durationSeconds, isoOf } from "../declarations/times";
import { containsUnknown, failure } from "../model/check";
import { checkInputs } from "./check";
import { Claims, domainKey, roomAddressKey } from "./claims";
import { configurationFailures, withTeamMove, type ClientFor } from "./connections";
import { describeFailure } from "../api/messages";
import { expiredWhenGone, findRoom } from "./room";
import { WARNINGS } from "./warnings";

type TokenInputs = ProviderInputsOf<typeof joinToken>;

/**
 * The declared `notBefore` and `expiresAt`, kept apart: the outputs of those names are the decoded
 * claims (absolute ISO times), while a change of what was declared (say 60 minutes to 90) must still
 * be seen as a change.
 */
interface Bookkeeping {
    declared: { notBefore?: number | string; expiresAt?: number | string };
    /**
     * Set by a refresh that found the token no longer admits anyone: what it is reported under, and why. A rotated
     * key is reported under `token` (the token is signed anew), not `connection`: the program declared none, and
     * the engine showed the phantom as `+connection` at the refresh and `-connection` at the up. A state written
     * before says "connection" for it.
     */
    stale: { input: "room" | "token" | "connection"; reason: string };
    /**
     * The expiry of the token's room (`expires_at` as the API's record gives it), read when the token is issued and at
     * each refresh that finds the room: the API deletes a room at its expiry, and a refresh that finds the room gone
     * after it tells that from a deletion by it (`read`). The token holds only the room's id, and a room gone has
     * nothing left to ask.
     */
    roomExpiresAt: string;
    /**
     * Set by a refresh that found the room gone at its expiry (a Room kept in the stack as `expired`): the token admits
     * no one, but is not issued anew, since no token can be issued for that room; a new room (the program's later
     * `expiresAt`) changes the token's `room`, which issues it.
     */
    roomExpired: boolean;
}
type TokenOutputs = ProviderOutputsOf<typeof joinToken, Bookkeeping>;

/** What a refresh found of a token: stale (why), or its room expired; and the room's expiry as last known. */
interface Found {
    stale?: Bookkeeping["stale"];
    roomExpiresAt?: string;
    roomExpired?: true;
}

/** Why a token the connection's developer key does not verify is issued anew. */
const ROTATED_AWAY = "it does not verify with the developer key (the key was rotated), so the room refuses it";

/** A room's expiry as its record gives it, when it has one. */
const expiryOf = (record: Values): string | undefined => (typeof record.expires_at === "string" && record.expires_at !== "" ? record.expires_at : undefined);

/** The issue of a token for a room the API does not know: the room named, and why it may be gone. */
function roomGone(room: string, error: unknown): Error {
    const gone = new Error(
        `the room ${room} does not exist (the API answered 404: it was deleted, or the API deleted it at its expiresAt), so no token can be issued for it; give the token a room that exists (a Room kept as expired is created anew once the program declares a later expiresAt)`,
    );
    (gone as Error & { cause?: unknown }).cause = error;
    return gone;
}

/** The API's field for each input. */
const BODY_FIELDS = { userName: "u", userId: "ud", initials: "initials", role: "role", breakoutId: "breakoutId", avatar: "avatar" } as const;

function tokenLabel(inputs: { room?: unknown; userName?: unknown }): string {
    const who = typeof inputs.userName === "string" ? ` for ${JSON.stringify(inputs.userName)}` : "";
    return `join token${who} (room ${typeof inputs.room === "string" ? inputs.room : "unknown"})`;
}

/** The declared value of an input as the diff compares it: the time inputs come from the bookkeeping. */
function declaredOf(olds: TokenOutputs, name: string): unknown {
    if (name === "notBefore" || name === "expiresAt") return olds.declared?.[name];
    return (olds as Values)[name];
}

/** Absent claims are left out: the engine's property structs hold no `undefined`. */
function definedOnly<T extends object>(values: T): T {
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;
}

export class JoinTokenProvider implements ResourceKind<TokenInputs, TokenOutputs> {
    /** `claims`: the runtime's, shared by every kind of the process, to see a Room or TeamDefaults change the token's address. */
    constructor(private readonly clientFor: ClientFor, private readonly claims: Claims = new Claims()) {}

    private client(connection?: ConnectionInput): RoomsClient {
        return this.clientFor(connection);
    }

    async check(_olds: TokenInputs, news: TokenInputs): Promise<KindCheck<TokenInputs>> {
        const failures = checkInputs(joinToken, news, new Date());
        // No API URL, a bad one or no key fails here, naming the setting, as for the other kinds.
        if (!failures.some((f) => f.property === "connection")) failures.push(...configurationFailures(this.clientFor, news.connection));
        return { inputs: news, failures };
    }

    /**
     * Any input change replaces (the token carries them all, signed); so does an expiry that is past, or
     * within `renewBefore`, by the API's clock. Its reason is reported as `expiresAt`. A link whose address a
     * resource of this deployment changes (its Room renamed, its team's `domain` changed) replaces it too, reported
     * as `room`: the link would answer 404 from that up on. A token the developer key the provider has now does not
     * verify (the key was rotated and set in config since it was issued) replaces it too, reported as `token`,
     * with a warning: the room refuses it, and a refresh, which would find it, configures the provider from the
     * state's old key until an up has run (storedKey.ts). The check is local: the token's signature, no request.
     */
    async diff(_id: string, olds: TokenOutputs, news: TokenInputs, ctx: Context = PROCESS_CONTEXT): Promise<KindDiff> {
        // `connection` is not signed into the token: another team replaces it (withTeamMove), a key the team no longer
        // verifies replaces it as `token` (below), and the same team's URL spelt another way changes nothing.
        const changed = userExtras(joinToken)
            .map(([name]) => name)
            .filter((name) => name !== "connection" && JSON.stringify((news as Values)[name]) !== JSON.stringify(declaredOf(olds, name)));
        // Its room expired (a refresh found it gone at its expiresAt): a token issued anew, for whatever reason, would
        // fail, as the room is gone; the refresh warned. A new room (a changed `room`) issues it again.
        if (changed.length === 0 && olds.roomExpired === true) {
            return withTeamMove({ changes: false, replaces: [], deleteBeforeReplace: false, stables: stableOutputs(joinToken), detailedDiff: {} }, this.clientFor, olds, news);
        }
        // A stale token is the same input, or the same token, issued anew: an update that replaces, never the add or
        // delete of a property (detailOf would judge `token`, an output the inputs lack, deleted).
        let stale: "room" | "token" | undefined = changed.length === 0 && olds.stale !== undefined ? (olds.stale.input === "room" ? "room" : "token") : undefined;
        if (stale === undefined && changed.length === 0 && (await this.signedWithAnotherKey(olds, news))) {
            ctx.warn(WARNINGS.tokenStale(tokenLabel(olds), ROTATED_AWAY));
            stale = "token";
        }
        if (stale !== undefined) changed.push(stale);
        if (changed.length === 0 && this.addressChanges(olds, news)) changed.push("room");
        if (changed.length === 0) {
            // The diff shows `expiresAt` unchanged (60 => 60): the warning says why the token is issued anew.
            const due = await this.due(olds, news);
            if (due !== undefined) {
                ctx.warn(WARNINGS.tokenStale(tokenLabel(olds), due));
                changed.push("expiresAt");
            }
        }
        const detailedDiff = { ...detailOf(changed, changed, olds as Values, news as Values), ...(stale !== undefined ? { [stale]: "UPDATE_REPLACE" as const } : {}) };
        return withTeamMove({ changes: changed.length > 0, replaces: changed, deleteBeforeReplace: false, stables: stableOutputs(joinToken), detailedDiff }, this.clientFor, olds, news);
    }

    /**
     * Whether a Room or TeamDefaults of this deployment changes the address of the token's room (its friendly URL,
     * or the team's domain). Their diffs ran before this one when the token depends on them: on the Room through
     * `room` (its id), on the TeamDefaults through the Room's `dependsOn`, as the docs advise.
     */
    private addressChanges(olds: TokenOutputs, news: TokenInputs): boolean {
        if (typeof olds.roomId !== "string") return false;
        let client: RoomsClient;
        try {
            client = this.client(containsUnknown(news.connection) ? olds.connection : news.connection);
        } catch {
            return false;
        }
        return this.claims.changed(roomAddressKey(client, olds.roomId)) || this.claims.changed(domainKey(client));
    }

    /** Whether the token kept does not verify with the developer key the token's connection now has. */
    private async signedWithAnotherKey(olds: TokenOutputs, news: TokenInputs): Promise<boolean> {
        if (typeof olds.token !== "string") return false;
        let key: string;
        try {
            key = this.client(containsUnknown(news.connection) ? olds.connection : news.connection).config.developerKey;
        } catch {
            // No client to be had (no key configured): check says so; nothing to compare here.
            return false;
        }
        return !(await signedWith(olds.token, key));
    }

    /** Why the token is due, when it has expired or entered its renewal window by the API's clock. */
    private async due(olds: TokenOutputs, news: TokenInputs): Promise<string | undefined> {
        const expires = typeof olds.expiresAt === "string" ? Date.parse(olds.expiresAt) : NaN;
        if (Number.isNaN(expires)) return undefined;
        const renewMs = (durationSeconds(news.renewBefore) ?? 0) * 1000;
        const connection = containsUnknown(news.connection) ? olds.connection : news.connection;
        let now: Date;
        try {
            // No Date header (a proxy stripped it): this machine's clock is the best estimate left.
            now = (await this.client(connection).serverTime()) ?? new Date();
        } catch (error) {
            throw describeFailure("check the expiry of", tokenLabel(olds), error);
        }
        // An absolute expiry is the same when issued anew: its renewal window would replace the token at every up
        // (the API's clock ahead of the one check judged `renewBefore` by). Only a passed one is due: the create
        // then refuses it, naming expiresAt.
        const fixed = typeof declaredOf(olds, "expiresAt") === "string";
        if (now.getTime() < (fixed ? expires : expires - renewMs)) return undefined;
        const at = `${isoOf(expires / 1000)} by the API's clock`;
        return now.getTime() >= expires ? `it expired at ${at}` : `it expires at ${at}, within renewBefore (${news.renewBefore})`;
    }

    async create(inputs: TokenInputs): Promise<{ id: string; outs: TokenOutputs }> {
        const body: Values = {};
        for (const [input, field] of Object.entries(BODY_FIELDS)) if (inputs[input as keyof typeof BODY_FIELDS] !== undefined) body[field] = inputs[input as keyof typeof BODY_FIELDS];
        if (inputs.notBefore !== undefined) body.nbf = apiTime(inputs.notBefore);
        if (inputs.expiresAt !== undefined) body.exp = apiTime(inputs.expiresAt);
        let issued: { token: string; link: string };
        let roomExpiresAt: string | undefined;
        try {
            const client = this.client(inputs.connection);
            // The room's expiry, for a later refresh to tell the room's expiry from its deletion (read); and a room the API
            // does not know is named as gone before anything is issued, in words, not as a 404 of a path.
            roomExpiresAt = expiryOf(await client.getRoom(inputs.room!));
            issued = await client.createJoinToken(inputs.room!, body);
        } catch (error) {
            throw describeFailure("issue", tokenLabel(inputs), error instanceof NotFoundError ? roomGone(inputs.room!, error) : error);
        }
        const claims = decodeJoinToken(issued.token);
        // An expiry already past when issued would be replaced on every run: refuse it, naming the input.
        if (claims.exp !== undefined && claims.iat !== undefined && claims.exp <= claims.iat) {
            throw new Error(`Unable to issue ${tokenLabel(inputs)}: ${failure("expiresAt", `must be after the time of issue (${isoOf(claims.iat)})`, inputs.expiresAt).reason}`);
        }
        const { notBefore, expiresAt, ...rest } = inputs;
        const outs: TokenOutputs = definedOnly({
            ...rest,
            declared: definedOnly({ notBefore, expiresAt }),
            token: issued.token,
            link: issued.link,
            teamId: claims.td,
            roomId: claims.rd,
            issuedAt: isoOf(claims.iat),
            notBefore: isoOf(claims.nbf),
            expiresAt: isoOf(claims.exp),
            roomExpiresAt,
        });
        // The id must not be derived from the token: ids are never secret.
        return { id: randomUUID(), outs };
    }

    /**
     * The API has no read of a token, so a refresh checks what makes it useless while unchanged in the program:
     * its room (claim `rd`) gone (deleted, or replaced or re-created under the same friendly URL), the room's address
     * changed (renamed in place, or the team's domain changed: the link answers 404), or a developer key that no
     * longer verifies it (rotated). Any of them marks it stale, and the diff then issues it anew. The checks belong
     * here, not in `diff`: they are drift outside the program, which `--refresh` is for, and a plain preview stays
     * free of requests per token. A room gone at its expiry (the expiry recorded at issue, or by the last refresh that
     * found the room, passed by either clock) is not stale but expired: no token can be issued for it, so the token is
     * kept, with a warning, until its `room` changes (docs/assumptions.md, "A join token on an expired room").
     */
    async read(id: string, props: TokenOutputs = {}, ctx: Context = PROCESS_CONTEXT): Promise<KindRead<TokenOutputs>> {
        if (typeof props.token !== "string" || typeof props.link !== "string") return { id, props };
        let found: Found;
        try {
            found = await this.staleness(props, props.token, props.link);
        } catch (error) {
            throw describeFailure("check", tokenLabel(props), error);
        }
        const { stale: _old, roomExpired: _expired, roomExpiresAt: _expiry, ...rest } = props;
        const { stale, roomExpiresAt, roomExpired } = found;
        if (stale) ctx.warn(WARNINGS.tokenStale(tokenLabel(props), stale.reason));
        if (roomExpired) ctx.warn(WARNINGS.tokenRoomExpired(tokenLabel(props), decodeJoinToken(props.token).rd, roomExpiresAt!));
        const outs: TokenOutputs = definedOnly({ ...rest, stale, roomExpiresAt, roomExpired });
        // Not stale: signed with the key of the team reached, whose room it names (or named, until its expiry).
        return { id, props: outs, ...(stale ? {} : { foundInTeam: true }) };
    }

    private async staleness(props: TokenOutputs, token: string, link: string): Promise<Found> {
        const client = this.client(props.connection);
        const known = { roomExpiresAt: props.roomExpiresAt };
        if (!(await signedWith(token, client.config.developerKey))) {
            return { ...known, stale: { input: "token", reason: ROTATED_AWAY } };
        }
        const roomId = decodeJoinToken(token).rd;
        let record: Values;
        try {
            record = await client.getRoom(roomId);
        } catch (error) {
            if (!(error instanceof NotFoundError)) throw error;
            const gone = { ...known, stale: { input: "room" as const, reason: `its room ${roomId} no longer exists (deleted, or replaced by a new room)` } };
            if (!(await expiredWhenGone(client, props.roomExpiresAt))) return gone;
            // Expired; but a `room` given as a name another room answers to now (made anew under it) is that room's.
            if (typeof props.room === "string" && props.room !== roomId && (await findRoom(client, props.room)) !== undefined) return gone;
            return { ...known, roomExpired: true };
        }
        const roomExpiresAt = expiryOf(record);
        const roomUrl = record.room_url as string;
        const linked = link.split("?")[0];
        return linked === roomUrl ? { roomExpiresAt } : { roomExpiresAt, stale: { input: "room", reason: `its link points to ${linked}, but the room's address is now ${roomUrl} (renamed, or the team's domain changed)` } };
    }

    /** Forgets the token: the API cannot revoke one, so it stays valid until its expiry. */
    async delete(): Promise<void> {}
}
