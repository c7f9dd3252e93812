/**
 * The client's errors: one base class carrying what a caller needs to decide (method, path,
 * status, the API's message and code, whether the request may have been acted on), subclasses
 * per kind, built from a response by one factory. No error ever carries the developer key: it
 * is only ever in the Authorization header, which no error or log line includes.
 */

export interface ApiErrorDetails {
    method: string;
    path: string;
    status?: number;
    apiMessage?: string;
    code?: string;
    body?: unknown;
    /** True when the API may have carried the request out although no answer arrived. */
    mayHaveActed?: boolean;
    cause?: unknown;
}

export class ApiError extends Error {
    readonly method: string;
    readonly path: string;
    readonly status?: number;
    readonly apiMessage?: string;
    readonly code?: string;
    readonly body?: unknown;
    readonly mayHaveActed: boolean;

    constructor(message: string, details: ApiErrorDetails) {
        super(message, details.cause === undefined ? undefined : { cause: details.cause });
        this.name = new.target.name;
        this.method = details.method;
        this.path = details.path;
        this.status = details.status;
        this.apiMessage = details.apiMessage;
        this.code = details.code;
        this.body = details.body;
        this.mayHaveActed = details.mayHaveActed ?? false;
    }
}

/** 401 or 403: the developer key (or team id, with Basic auth) is wrong. */
export class AuthenticationError extends ApiError {}
/** 404: no such room or role. */
export class NotFoundError extends ApiError {}
/** 422: the API refused values; `fieldErrors` has its reasons per field. */
export class ValidationError extends ApiError {
    constructor(message: string, details: ApiErrorDetails, readonly fieldErrors: Record<string, string[]>) {
        super(message, details);
    }
}
/** 429 after every retry allowed. */
export class RateLimitedError extends ApiError {
    constructor(message: string, details: ApiErrorDetails, readonly retryAfterSeconds?: number) {
        super(message, details);
    }
}
/** 5xx after every retry allowed. */
export class ServerError extends ApiError {
    /** A 503 may say when to come back: a floor for the retry, like a 429's. */
    constructor(message: string, details: ApiErrorDetails, readonly retryAfterSeconds?: number) {
        super(message, details);
    }
}
/** Any other 4xx (400 malformed request, 409, ...). */
export class RequestError extends ApiError {}
/** The connection failed (refused, reset, dropped). */
export class NetworkError extends ApiError {}
/** No answer within the per-request timeout. */
export class TimeoutError extends ApiError {}
/** Not sent, or not tried again: the operation was cancelled (the engine's Cancel, Ctrl-C). */
export class CancelledError extends ApiError {}
/** A 2xx answer that does not have the shape of the contract. */
export class ResponseSchemaError extends ApiError {}
/** The client was configured wrongly (base URL, missing key). */
export class ConfigurationError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "ConfigurationError";
    }
}

function messageFromBody(body: unknown): { apiMessage?: string; code?: string; fieldErrors?: Record<string, string[]> } {
    if (body === null || typeof body !== "object") return typeof body === "string" && body.length > 0 ? { apiMessage: body.slice(0, 300) } : {};
    const b = body as { message?: unknown; error?: unknown; errors?: unknown };
    const fieldErrors: Record<string, string[]> = {};
    if (b.errors && typeof b.errors === "object") {
        for (const [field, reasons] of Object.entries(b.errors as Record<string, unknown>)) {
            fieldErrors[field] = Array.isArray(reasons) ? reasons.map(String) : [String(reasons)];
        }
    }
    return {
        apiMessage: typeof b.message === "string" ? b.message : undefined,
        code: typeof b.error === "string" ? b.error : undefined,
        fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
    };
}

/** Builds the error for a non-2xx answer: `PATCH /rooms/board failed: 422 The max ... (max_broadcasters: ...)`. */
export function errorFromResponse(method: string, path: string, status: number, body: unknown, retryAfterSeconds?: number, auth: "bearer" | "basic" = "bearer"): ApiError {
    const { apiMessage, code, fieldErrors } = messageFromBody(body);
    const details: ApiErrorDetails = { method, path, status, apiMessage, code, body };
    const said = apiMessage ? ` ${apiMessage}` : "";
    const head = `${method} ${path} failed: ${status}`;
    if (status === 401 || status === 403) {
        // Name what this request actually used: the team id matters only to Basic auth.
        const check = auth === "basic" ? "check the developer key (vcrooms:developerKey / VCROOMS_DEVELOPER_KEY) and the team id (vcrooms:teamId / VCROOMS_TEAM_ID), sent with Basic auth" : "check the developer key (vcrooms:developerKey / VCROOMS_DEVELOPER_KEY), sent as a Bearer token";
        return new AuthenticationError(`${head}${said} (${check})`, details);
    }
    if (status === 404) return new NotFoundError(`${head}${said || " Not Found"}`, details);
    if (status === 422) {
        const fields = fieldErrors ?? {};
        const list = Object.entries(fields).map(([f, r]) => `${f}: ${r.join("; ")}`).join("; ");
        return new ValidationError(`${head}${said}${list ? ` (${list})` : ""}`, details, fields);
    }
    if (status === 429) return new RateLimitedError(`${head}${said || " Too Many Attempts"}`, details, retryAfterSeconds);
    if (status >= 500) return new ServerError(`${head}${said}`, details, retryAfterSeconds);
    return new RequestError(`${head}${said}`, details);
}
