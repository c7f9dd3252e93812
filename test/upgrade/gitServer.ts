/**
 * A git repository served over HTTPS on loopback, for `pulumi package add https://...@<version>`: Pulumi takes a git
 * plugin source only as an https (or git://, read as https) URL, never a local path or file:// (a local path is a
 * plugin folder, not a repository). `git http-backend` answers git's smart HTTP protocol (as CGI) behind a node
 * HTTPS server with a self-signed certificate for 127.0.0.1, which the CLI trusts through SSL_CERT_FILE (Go reads
 * it on Linux).
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as path from "node:path";

export interface GitServer {
    /** `https://127.0.0.1:<port>` */
    origin: string;
    /** The certificate (PEM) to trust: SSL_CERT_FILE for the CLI. */
    certificate: string;
    close(): Promise<void>;
}

/** Serves every bare repository under `root` (`<root>/<owner>/<name>.git`). */
export async function serveGit(root: string, workDir: string): Promise<GitServer> {
    const key = path.join(workDir, "key.pem");
    const certificate = path.join(workDir, "cert.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], { stdio: "pipe" });
    const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(certificate) }, (req, res) => {
        const [pathInfo, query = ""] = (req.url ?? "/").split("?", 2);
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [`HTTP_${k.toUpperCase().replace(/-/g, "_")}`, String(v)]));
        const cgi = spawn("git", ["http-backend"], {
            env: {
                ...process.env,
                ...headers,
                GIT_PROJECT_ROOT: root,
                GIT_HTTP_EXPORT_ALL: "1",
                GATEWAY_INTERFACE: "CGI/1.1",
                REQUEST_METHOD: req.method ?? "GET",
                PATH_INFO: decodeURIComponent(pathInfo!),
                QUERY_STRING: query,
                CONTENT_TYPE: req.headers["content-type"] ?? "",
                REMOTE_ADDR: "127.0.0.1",
                SERVER_PROTOCOL: "HTTP/1.1",
            },
            stdio: ["pipe", "pipe", "ignore"],
        });
        req.pipe(cgi.stdin);
        let head = Buffer.alloc(0);
        let headersDone = false;
        cgi.stdout.on("data", (chunk: Buffer) => {
            if (headersDone) return void res.write(chunk);
            head = Buffer.concat([head, chunk]);
            const end = head.indexOf("\r\n\r\n") >= 0 ? head.indexOf("\r\n\r\n") : head.indexOf("\n\n");
            if (end < 0) return;
            const separator = head.indexOf("\r\n\r\n") === end ? 4 : 2;
            let status = 200;
            for (const line of head.subarray(0, end).toString().split(/\r?\n/)) {
                const colon = line.indexOf(":");
                const name = line.slice(0, colon).trim();
                const value = line.slice(colon + 1).trim();
                if (name.toLowerCase() === "status") status = Number(value.split(" ")[0]);
                else res.setHeader(name, value);
            }
            res.statusCode = status;
            headersDone = true;
            res.write(head.subarray(end + separator));
        });
        cgi.on("close", () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
        origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
        certificate,
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}
