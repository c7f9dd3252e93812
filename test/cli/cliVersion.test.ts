/**
 * The CLI scripts/pulumi-cli builds reports its version: `pulumi version` prints the pinned
 * github.com/pulumi/pulumi/pkg/v3 version of tools/pulumi-cli/go.mod (the linker sets it; without that it printed
 * an empty line).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../harness/pulumiCli";
import { cli, cliDir } from "./support";

describe.skipIf("skip" in cli)("the real Pulumi CLI's version", () => {
    it("pulumi version prints the pinned version of tools/pulumi-cli/go.mod", () => {
        const pinned = /^\s*github\.com\/pulumi\/pulumi\/pkg\/v3 (v\S+)/m.exec(fs.readFileSync(path.join(ROOT, "tools/pulumi-cli/go.mod"), "utf8"))?.[1];
        expect(pinned).toMatch(/^v3\.\d+\.\d+$/);
        const printed = execFileSync(path.join(cliDir, "pulumi"), ["version"], { encoding: "utf8", env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" } });
        expect(printed.trim()).toBe(pinned);
    });
});
