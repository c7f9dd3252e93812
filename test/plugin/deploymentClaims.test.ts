/**
 * The plugin's claims, kept where every provider process of a deployment sees them (provider/plugin/deploymentClaims.ts):
 * a claim made through one store is seen through another on the same folder (another provider process), and a claim
 * whose process has ended is stale and taken over. Through the real CLI: test/cli/pluginOneTeam.test.ts.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { Claims } from "../../provider/resources/claims";
import { DeploymentClaims } from "../../provider/plugin/deploymentClaims";

const folders: string[] = [];
afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
const newFolder = () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-claims-test-")), "1");
    folders.push(path.dirname(folder));
    return folder;
};

describe("the claims of a deployment's provider processes", () => {
    it("a claim made through one provider's store is seen through another's; the same owner may claim again", () => {
        const folder = newFolder();
        const one = new Claims(new DeploymentClaims(folder));
        const two = new Claims(new DeploymentClaims(folder));
        expect(one.claim("team friendly URL board", "a")).toBeUndefined();
        expect(two.claim("team friendly URL board", "b")).toBe("a");
        expect(two.claim("team friendly URL board", "a")).toBeUndefined();
        expect(two.ownerOf("team friendly URL board")).toBe("a");
        expect(two.ownerOf("team friendly URL other")).toBeUndefined();
    });

    it("a claim whose process has ended is stale: taken over by the next claim", () => {
        const folder = newFolder();
        const ended = spawnSync(process.execPath, ["-e", ""]).pid!;
        fs.mkdirSync(folder, { recursive: true });
        fs.writeFileSync(path.join(folder, createHash("sha256").update("team defaults").digest("hex")), JSON.stringify({ owner: "old", pid: ended }));
        const claims = new Claims(new DeploymentClaims(folder));
        expect(claims.ownerOf("team defaults")).toBeUndefined();
        expect(claims.claim("team defaults", "new")).toBeUndefined();
        expect(claims.ownerOf("team defaults")).toBe("new");
    });
});

describe("a claims folder that cannot be used", () => {
    /** The claims parent folder (`pulumi-vcrooms-claims-<uid>` in TMPDIR) each case makes unusable, under `tmp`. */
    const cases: Record<string, (tmp: string) => string> = {
        "a plain file at its name": (tmp) => {
            fs.writeFileSync(path.join(tmp, "claims"), "left by someone");
            return path.join(tmp, "claims");
        },
        "a folder others may write in": (tmp) => {
            fs.mkdirSync(path.join(tmp, "claims"));
            fs.chmodSync(path.join(tmp, "claims"), 0o777);
            return path.join(tmp, "claims");
        },
        "TMPDIR a plain file": (tmp) => {
            fs.writeFileSync(path.join(tmp, "tmpdir"), "");
            return path.join(tmp, "tmpdir", "claims");
        },
    };

    it.each(Object.keys(cases))("%s: claims are kept in the process, with one warning naming the folder, its purpose and the fix", (which) => {
        const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-claims-test-"));
        folders.push(tmp);
        const parent = cases[which]!(tmp);
        const warnings: string[] = [];
        const claims = new Claims(new DeploymentClaims(path.join(parent, "1"), (m) => warnings.push(m)));
        expect(claims.claim("team friendly URL board", "a")).toBeUndefined();
        expect(claims.claim("team friendly URL board", "b")).toBe("a");
        expect(claims.ownerOf("team friendly URL board")).toBe("a");
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain(`cannot use ${parent}, the folder where the provider processes of one deployment record which resource declares which room`);
        expect(warnings[0]).toContain(`remove ${parent} if it is not a folder of yours`);
        expect(warnings[0]).toContain("set TMPDIR to a folder you can write");
    });
});
