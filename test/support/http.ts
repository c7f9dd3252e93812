/** A tiny HTTP helper for tests that talk to the emulator directly (not through the client). */
import type { RunningEmulator } from "../../emulator";

export interface Answer {
    status: number;
    body: any;
    headers: Headers;
    text: string;
}

export function apiCaller(emulator: RunningEmulator) {
    return async function api(method: string, path: string, body?: unknown, auth: string | null = `Bearer ${emulator.developerKey}`): Promise<Answer> {
        const headers: Record<string, string> = { accept: "application/json" };
        if (auth) headers.authorization = auth;
        if (body !== undefined) headers["content-type"] = "application/json";
        const res = await fetch(`${emulator.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
        const text = await res.text();
        let parsed: unknown;
        try {
            parsed = text ? JSON.parse(text) : undefined;
        } catch {
            parsed = undefined;
        }
        return { status: res.status, body: parsed, headers: res.headers, text };
    };
}

export async function control(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<any> {
    const res = await fetch(`${emulator.controlUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
}
