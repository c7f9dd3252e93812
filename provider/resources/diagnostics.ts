/**
 * Warnings for the user. The dynamic-provider host has no engine connection for logs (`pulumi.log.warn` there
 * falls back to the console, with a "[runtime]" prefix); what a provider plugin writes on stderr is what the
 * engine shows as a diagnostic, in `pulumi preview`, `up` and `destroy` alike.
 */
export function warn(message: string): void {
    console.warn(`warning: ${message}`);
}
