/** The one function of js-yaml this example uses (the package ships no types; this avoids a dev dependency on @types/js-yaml). */
declare module "js-yaml" {
    export function load(text: string, options?: { filename?: string }): unknown;
}
