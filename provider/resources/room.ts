/**
 * The Room resource: check, diff, create, read, update, delete against /rooms.
 *
 * Every method has the same shape: read the inputs, make the fewest calls that reach the
 * declared state, return outputs built from what the API answered.
 */
import { randomBytes } from "node:crypto";
import { ApiError, NotFoundError } from "../api";
import { booleanInput, checkInputs, containsUnknown, e2eeFailures, failure, stringInput, type CheckFailure, type ExtraInput } from "./check";
import { sameValue } from "./compare";
import { apiClient } from "./connection";
import { describeFailure } from "./messages";
import { apiBody, changedSettings, declaredSettings, inputsAfterRead, outputsOf, previousInputs, recordFromOutputs, type ImageUpload } from "./reconcile";

type Bag = Record<string, unknown>;

/** Inputs of Room that are not API settings. */
export const ROOM_EXTRA_INPUTS: readonly ExtraInput[] = [
    stringInput("resourceName", "Set by the SDK to the Pulumi resource name; the seed of the generated friendly URL."),
    booleanInput("adoptExisting", "When a room with this friendlyUrl already exists, take it over (one PATCH of the declared settings) instead of failing."),
    booleanInput("deleteContentOnDestroy", "On destroy, also delete the room's recordings, chat and other content (delete_resources)."),
];
const EXTRA_NAMES = ROOM_EXTRA_INPUTS.map((e) => e.name);

/** Pulumi-style auto-name: the resource name, made URL-safe, plus a random suffix; 3 to 32 characters. */
export function generateFriendlyUrl(resourceName: string): string {
    const base = resourceName.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 24) || "room";
    return `${base}-${randomBytes(4).toString("hex").slice(0, 7)}`;
}

function roomLabel(inputs: Bag, id?: string): string {
    const name = typeof inputs.resourceName === "string" ? `"${inputs.resourceName}"` : id ? `"${id}"` : "";
    const url = typeof inputs.friendlyUrl === "string" ? ` (friendly URL ${inputs.friendlyUrl})` : "";
    return `room ${name}${url}`.replace("room  (", "room (");
}

/** Rules across fields (contract 2.3, 2.4, 8), on the values declared. */
function crossFieldFailures(inputs: Bag, now: Date): CheckFailure[] {
    const failures: CheckFailure[] = [];
    const known = (k: string) => inputs[k] !== undefined && !containsUnknown(inputs[k]);
    const { maxParticipants, maxBroadcasters } = inputs;
    if (known("maxParticipants") && known("maxBroadcasters") && typeof maxParticipants === "number" && typeof maxBroadcasters === "number" && maxBroadcasters > maxParticipants) {
        failures.push(failure("maxBroadcasters", `must not exceed maxParticipants (${maxParticipants})`, maxBroadcasters));
    }
    failures.push(...e2eeFailures(inputs));
    if (known("expiresAt") && typeof inputs.expiresAt === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(inputs.expiresAt)) {
        const at = Date.parse(`${inputs.expiresAt.replace(" ", "T")}Z`);
        if (Number.isNaN(at)) failures.push(failure("expiresAt", "must be a real date and time", inputs.expiresAt));
        else if (at <= now.getTime()) failures.push(failure("expiresAt", `must be in the future (now ${now.toISOString().slice(0, 19).replace("T", " ")} UTC)`, inputs.expiresAt));
    }
    return failures;
}

/** The declared settings minus `tags`, which the API takes only on create. */
function updatableKeys(keys: readonly string[]): string[] {
    return keys.filter((k) => k !== "tags");
}

async function adopt(inputs: Bag, existing: Bag): Promise<Bag> {
    if (inputs.tags !== undefined && !sameValue("stringSet", inputs.tags, existing.tags)) {
        throw new Error(
            `Unable to adopt ${roomLabel(inputs)}: it exists with tags ${JSON.stringify(existing.tags ?? [])} but the program declares ${JSON.stringify(inputs.tags)}; tags can be set only when a room is created, so declare the existing tags or drop adoptExisting`,
        );
    }
    const keys = updatableKeys(changedSettings("room", inputs, existing));
    if (keys.length === 0) return existing;
    return (await apiClient().updateRoom(String(existing.id), apiBody(inputs, keys))) as Bag;
}

async function findRoom(room: string): Promise<Bag | undefined> {
    try {
        return (await apiClient().getRoom(room)) as Bag;
    } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
    }
}

/**
 * Creates the room. A failure that may have reached the API (a dropped connection, a timeout, a
 * 5xx) is never blindly retried: the friendly URL is unique per team and ours (generated, or
 * declared for this resource), so looking it up tells whether the room exists. Found, it is
 * adopted; not found, the create is safe to send again. Validation and auth errors are final.
 */
async function createRoom(inputs: Bag): Promise<Bag> {
    const body = apiBody(inputs, declaredSettings("room", inputs).map(([k]) => k));
    const attempts = 4;
    for (let attempt = 1; ; attempt++) {
        try {
            return (await apiClient().createRoom(body)) as Bag;
        } catch (error) {
            const status = (error as { status?: number }).status;
            const transient = status === undefined || status >= 500;
            if (!(error instanceof ApiError) || !transient || typeof inputs.friendlyUrl !== "string" || attempt >= attempts) throw error;
            const existing = await findRoom(inputs.friendlyUrl);
            if (existing) return adopt(inputs, existing);
            await new Promise((r) => setTimeout(r, Math.random() * 250 * 2 ** attempt));
        }
    }
}

export const roomProvider = {
    async check(olds: Bag, news: Bag): Promise<{ inputs: Bag; failures: CheckFailure[] }> {
        const inputs: Bag = { ...news };
        if (inputs.friendlyUrl === undefined && typeof inputs.resourceName === "string") {
            // Keep the name generated last time: a new suffix on every run would rename the room.
            inputs.friendlyUrl = typeof olds.friendlyUrl === "string" ? olds.friendlyUrl : generateFriendlyUrl(inputs.resourceName);
        }
        const failures = [...checkInputs("room", "Room", inputs, ROOM_EXTRA_INPUTS), ...crossFieldFailures(inputs, new Date())];
        return { inputs, failures };
    },

    async diff(_id: string, olds: Bag, news: Bag) {
        const changed = changedSettings("room", news, olds);
        const extrasChanged = EXTRA_NAMES.filter((k) => k !== "resourceName" && news[k] !== olds[k]);
        const replaces = changed.filter((k) => k === "tags");
        return {
            changes: changed.length > 0 || extrasChanged.length > 0,
            replaces,
            // A replacement under the same friendly URL would collide with the room it replaces.
            deleteBeforeReplace: replaces.length > 0 && news.friendlyUrl === olds.friendlyUrl,
            stables: ["id", "createdAt"],
        };
    },

    async create(inputs: Bag): Promise<{ id: string; outs: Bag }> {
        let record: Bag;
        try {
            const existing = inputs.adoptExisting === true && typeof inputs.friendlyUrl === "string" ? await findRoom(inputs.friendlyUrl) : undefined;
            record = existing ? await adopt(inputs, existing) : await createRoom(inputs);
        } catch (error) {
            throw describeFailure("create", roomLabel(inputs), error);
        }
        return { id: String(record.id), outs: outputsOf("room", record, inputs, EXTRA_NAMES) };
    },

    async read(id: string, props: Bag): Promise<{ id: string; props: Bag; inputs: Bag }> {
        let record: Bag | undefined;
        try {
            record = await findRoom(id);
        } catch (error) {
            throw describeFailure("read", roomLabel(props, id), error);
        }
        // Gone outside Pulumi: an empty id tells the engine to drop it from state.
        if (!record) return { id: "", props: {}, inputs: {} };
        const outs = outputsOf("room", record, previousInputs(props, EXTRA_NAMES), EXTRA_NAMES, props.imageUploads as Record<string, ImageUpload>);
        return { id, props: outs, inputs: inputsAfterRead("room", props, outs, EXTRA_NAMES) };
    },

    async update(id: string, olds: Bag, news: Bag): Promise<{ outs: Bag }> {
        const keys = updatableKeys(changedSettings("room", news, olds));
        let record: Bag;
        try {
            // Only the resource's own options changed: nothing to send, the record is as last seen.
            record = keys.length === 0 ? recordFromOutputs(olds, EXTRA_NAMES) : ((await apiClient().updateRoom(id, apiBody(news, keys))) as Bag);
        } catch (error) {
            throw describeFailure("update", roomLabel(news, id), error);
        }
        return { outs: outputsOf("room", record, news, EXTRA_NAMES, olds.imageUploads as Record<string, ImageUpload>) };
    },

    async delete(id: string, props: Bag): Promise<void> {
        try {
            await apiClient().deleteRoom(id, { deleteResources: props.deleteContentOnDestroy === true });
        } catch (error) {
            // Already gone (deleted outside Pulumi, or expired at expiresAt): the goal is reached.
            if (error instanceof NotFoundError) return;
            throw describeFailure("delete", roomLabel(props, id), error);
        }
    },
};
