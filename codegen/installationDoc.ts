/**
 * Renders docs/installation-configuration.md, the registry-style installation and configuration page: the
 * install stories the tests run, and the provider's configuration from the one table of it (connection.ts),
 * with every resource kind and function named from the declarations. A test pins the file to this output.
 */
import { typeWords } from "../provider/model/types";
import { functions } from "../provider/functions";
import { PROVIDER_CONFIG } from "../provider/model/connection";
import { declarations } from "../provider/declarations";
import { GO_SDK_MODULE, PLUGIN_PATH, renderExample, type Example } from "./resourcePages";

/** The installation page's program: a first room, its connection from the stack configuration. */
const FIRST_ROOM: Example = { about: "A first room; the provider's connection comes from the stack configuration (below).", kind: "room", name: "welcome", args: { friendlyUrl: "welcome", description: "Welcome" } };

const cell = (text: string) => text.replace(/\|/g, "\\|");
/** GitHub's heading anchor: lower case, spaces to dashes, punctuation dropped. */
const anchor = (heading: string) => heading.toLowerCase().replace(/[^\w\s-]/g, "").replace(/\s/g, "-");

export function renderInstallation(): string {
    const config = Object.entries(PROVIDER_CONFIG).map(([name, f]) => `| \`vcrooms:${name}\` | ${typeWords(f.type)} | ${f.secret ? "yes" : "no"} | ${cell(f.description)} |`);
    const kinds = Object.values(declarations).map((d) => `- [\`${d.type}\`](resources/${d.type}.md) (page with examples and import; [all fields](reference.md#${anchor(d.type)})): ${d.description ?? ""}`);
    const fns = Object.keys(functions).map((name) => `\`${name}\``).join(", ");
    return `# pulumi-vcrooms: installation and configuration

<!-- Generated from the declarations by codegen/installationDoc.ts; test/package/docs.test.ts keeps it current (UPDATE_DOCS=1 rewrites it). -->

## Installation

Each way below is what the tests do (\`test/package/install.test.ts\`, \`test/cli/examples.test.ts\`,
\`test/cli/docExamples.test.ts\`, which runs every example of these pages in each language).

- **TypeScript (the SDK's dynamic resources).** The npm package; until it is published, from a tarball:
  \`npm pack\` in a clone (after \`npm ci\`, whose \`prepare\` builds \`dist/\`), then in the program's folder
  \`npm install <path>/pulumi-vcrooms-0.1.0.tgz @pulumi/pulumi\` and \`npm install --save-dev typescript @types/node\`.
  Published: \`npm install pulumi-vcrooms\`. From git: \`npm install git+<url>#<commit>\` builds itself.
- **The plugin** (\`pulumi import\`, engine invokes, detailed diffs, Python): in the program's folder,
  \`pulumi package add ./node_modules/pulumi-vcrooms/plugin\` (or a built clone's \`plugin\` folder): it generates
  the SDK and installs it (\`npm install\` of \`@vcrooms/pulumi\` in TypeScript, the virtualenv in Python).
- **Go:** in the program's folder, the npm package installed as above (it carries the plugin), then
  \`pulumi package add ${PLUGIN_PATH}\`: it generates the Go SDK into \`sdks/vcrooms\` and adds to \`go.mod\` a
  \`replace\` of \`${GO_SDK_MODULE.replace(/\/vcrooms$/, "")}\` by that folder; import \`${GO_SDK_MODULE}\`.
  Go fetches the Pulumi Go SDK from the module proxy at that step.
- **Pulumi YAML:** no SDK; the npm package installed as above, and its plugin named in \`Pulumi.yaml\`
  (\`packages: {vcrooms: ${PLUGIN_PATH}}\`, as in the example below); resources are \`vcrooms:Room\` and the rest.
- **A new project:** \`pulumi new <path>/templates/vcrooms-team --generate-only\`, then install as above.

Node.js 22 or later (as \`@pulumi/pulumi\` requires; CI tests on 22.23.3).

## A first program

${renderExample(FIRST_ROOM, "#installation").join("\n")}

## Configuration

Stack configuration, read when the provider starts; each key left unset falls back to the environment
variable its description names. An explicit provider (plugin face) takes the same names as arguments; a
resource's \`connection\` input takes the connection's fields, for several teams in one program.

| key | type | secret | meaning |
|---|---|---|---|
${config.join("\n")}

    pulumi config set vcrooms:apiUrl https://<team>.digitalsamba.com/api/v1
    pulumi config set --secret vcrooms:developerKey <developer key>

## Resources and functions

Every input and output with its type, allowed values and what omitting it means: [reference.md](reference.md).

${kinds.join("\n")}

Data functions (each also as \`...Output\`): ${fns}.
`;
}
