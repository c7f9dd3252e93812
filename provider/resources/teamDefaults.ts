/**
 * The TeamDefaults resource: the team's single default-settings record (GET and PATCH on the
 * base path). It cannot be created or deleted, so `create` takes it over and records the values
 * it is about to change, and `delete` puts those values back (restoreOnDestroy, default true).
 */
import { toApiName } from "../api/names";
import { booleanInput, checkInputs, e2eeFailures, type CheckFailure, type ExtraInput } from "./check";
import { declaredFormOf } from "./compare";
import { apiClient } from "./connection";
import { describeFailure } from "./messages";
import { apiBody, changedSettings, declaredSettings, inputsAfterRead, outputsOf, previousInputs, recordFromOutputs, settingOf, type ImageUpload } from "./reconcile";

type Bag = Record<string, unknown>;

export const TEAM_DEFAULTS_EXTRA_INPUTS: readonly ExtraInput[] = [
    booleanInput("restoreOnDestroy", "On destroy, put back the values the managed settings had before Pulumi took them over (default true)."),
];
const EXTRA_NAMES = TEAM_DEFAULTS_EXTRA_INPUTS.map((e) => e.name);
const LABEL = "team defaults";

/**
 * The write form (API names) of the live values of `keys`, to restore later. Roles read back as
 * objects are written back by name; everything else as read.
 */
function snapshot(live: Bag, keys: readonly string[]): Bag {
    const values: Bag = {};
    for (const key of keys) {
        const setting = settingOf("defaults", key);
        if (setting) values[toApiName(key)] = declaredFormOf(setting.compare, live[key], undefined);
    }
    return values;
}

/** The record as outputs name it (camelCase, nested objects too), to compare with declared values. */
function camelRecord(record: Bag): Bag {
    return outputsOf("defaults", record, {}, []);
}

export const teamDefaultsProvider = {
    async check(_olds: Bag, news: Bag): Promise<{ inputs: Bag; failures: CheckFailure[] }> {
        return { inputs: news, failures: [...checkInputs("defaults", "TeamDefaults", news, TEAM_DEFAULTS_EXTRA_INPUTS), ...e2eeFailures(news)] };
    },

    async diff(_id: string, olds: Bag, news: Bag) {
        const changed = changedSettings("defaults", news, olds);
        const extrasChanged = EXTRA_NAMES.filter((k) => news[k] !== olds[k]);
        return { changes: changed.length > 0 || extrasChanged.length > 0, replaces: [] as string[] };
    },

    async create(inputs: Bag): Promise<{ id: string; outs: Bag }> {
        try {
            const current = (await apiClient().getDefaults()) as Bag;
            const live = camelRecord(current);
            const restoreValues = snapshot(live, declaredSettings("defaults", inputs).map(([k]) => k));
            const changed = changedSettings("defaults", inputs, live);
            const record = changed.length === 0 ? current : ((await apiClient().updateDefaults(apiBody(inputs, changed))) as Bag);
            const outs = outputsOf("defaults", record, inputs, EXTRA_NAMES);
            return { id: String(record.id ?? "team-defaults"), outs: { ...outs, restoreValues } };
        } catch (error) {
            throw describeFailure("update", LABEL, error);
        }
    },

    async read(id: string, props: Bag): Promise<{ id: string; props: Bag; inputs: Bag }> {
        let record: Bag;
        try {
            record = (await apiClient().getDefaults()) as Bag;
        } catch (error) {
            throw describeFailure("read", LABEL, error);
        }
        const outs = outputsOf("defaults", record, previousInputs(props, EXTRA_NAMES), EXTRA_NAMES, props.imageUploads as Record<string, ImageUpload>);
        outs.restoreValues = props.restoreValues ?? {};
        return { id, props: outs, inputs: inputsAfterRead("defaults", props, outs, EXTRA_NAMES) };
    },

    async update(_id: string, olds: Bag, news: Bag): Promise<{ outs: Bag }> {
        try {
            // Settings managed for the first time join the snapshot, with their value before this change.
            const restoreValues = { ...((olds.restoreValues ?? {}) as Bag) };
            const fresh = snapshot(olds, declaredSettings("defaults", news).map(([k]) => k));
            for (const [k, v] of Object.entries(fresh)) if (!(k in restoreValues)) restoreValues[k] = v;
            const live = recordFromOutputs(olds, EXTRA_NAMES);
            const keys = changedSettings("defaults", news, olds);
            const record = keys.length === 0 ? live : ((await apiClient().updateDefaults(apiBody(news, keys))) as Bag);
            const outs = outputsOf("defaults", record, news, EXTRA_NAMES, olds.imageUploads as Record<string, ImageUpload>);
            return { outs: { ...outs, restoreValues } };
        } catch (error) {
            throw describeFailure("update", LABEL, error);
        }
    },

    async delete(_id: string, props: Bag): Promise<void> {
        if (props.restoreOnDestroy === false) return;
        const restoreValues = (props.restoreValues ?? {}) as Bag;
        if (Object.keys(restoreValues).length === 0) return;
        try {
            await apiClient().updateDefaults(restoreValues);
        } catch (error) {
            throw describeFailure("restore", LABEL, error);
        }
    },
};
