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

One way per language. Python, Go and YAML programs run on the plugin's executable and need no Node.js; only the
TypeScript ways need Node.js 22 or later (as \`@pulumi/pulumi\` requires; CI tests on 22.23.3). Each way is what
a test does: \`test/release/programs.test.ts\` (the executable with the wheel, the Go module and YAML),
\`test/package/install.test.ts\` and \`test/examples/readmeCommands.test.ts\` (the npm package; the examples' READMEs, both ways for Python, Go and YAML), \`test/cli/docExamples.test.ts\`
(every example of these pages in each language, on the package folder below).

**The plugin executable** (Python, Go, YAML, and TypeScript on the plugin): one archive per platform,
\`pulumi-resource-vcrooms-v0.1.0-{os}-{arch}.tar.gz\`. Once published, \`pulumi plugin install resource vcrooms 0.1.0\`
fetches it from the schema's \`pluginDownloadURL\`; until then, build it in a clone
(\`npm ci && npm run release:plugin -- --platforms linux-amd64\`, [release.md](release.md)) and install the file:

    pulumi plugin install resource vcrooms 0.1.0 --file pulumi-resource-vcrooms-v0.1.0-linux-amd64.tar.gz

- **Python:** the plugin executable, and the wheel in the project's virtualenv (\`runtime: {name: python,
  options: {virtualenv: venv}}\` in \`Pulumi.yaml\`): \`pip install pulumi_vcrooms\` once published, until then
  \`venv/bin/pip install pulumi_vcrooms-0.1.0-py3-none-any.whl\` (\`npm run release:sdks\` builds it); \`import pulumi_vcrooms as vcrooms\`.
- **Go:** the plugin executable, and the module \`${GO_SDK_MODULE.replace(/\/vcrooms$/, "")}\`: \`go get\` once
  published, until then a \`replace\` of it by a clone's \`release/sdk/go\` (\`npm run release:sdks\`) in \`go.mod\`;
  import \`${GO_SDK_MODULE}\`.
- **Pulumi YAML:** the plugin executable alone; resources are \`vcrooms:Room\` and the rest. A resource pins the
  plugin's version, and where the engine would fetch it, with its options:
  \`options: {version: 0.1.0, pluginDownloadURL: github://api.github.com/vcrooms/pulumi-vcrooms}\`. With no plugin
  installed the engine stops with its own words, \`no resource plugin 'pulumi-resource-vcrooms' found in the
  workspace or on your $PATH\`: install the archive as above.
- **TypeScript, dynamic resources:** the npm package (\`npm install pulumi-vcrooms @pulumi/pulumi\` once published;
  until then \`npm pack\` in a clone, then \`npm install {path}/pulumi-vcrooms-0.1.0.tgz @pulumi/pulumi\` and
  \`npm install --save-dev typescript @types/node\` in the program's folder). It needs no plugin.
- **TypeScript on the plugin:** the plugin executable, and \`@vcrooms/pulumi\` (\`npm install
  {clone}/release/vcrooms-pulumi-0.1.0.tgz\` until published).
- **With Node.js, the package folder instead of the executable:** the npm package installed in the program's
  folder carries the plugin; \`pulumi package add ${PLUGIN_PATH}\` generates and installs the SDK for the
  program's language (Go: into \`sdks/vcrooms\`, with a \`replace\` in \`go.mod\`), and a YAML program names it
  under \`packages: {vcrooms: ${PLUGIN_PATH}}\`, as the examples below do.
- **A new project:** \`pulumi new {clone}/templates/vcrooms-team --generate-only\`, then install as above.

## A first program

${renderExample(FIRST_ROOM, "#installation").join("\n")}

## Configuration

Stack configuration, read when the provider starts; each key left unset falls back to the environment
variable its description names. An explicit provider (plugin face) takes the same names as arguments; a
resource's \`connection\` input takes the connection's fields, for several teams in one program.

| key | type | secret | meaning |
|---|---|---|---|
${config.join("\n")}

    pulumi config set vcrooms:apiUrl https://{team}.digitalsamba.com/api/v1
    pulumi config set --secret vcrooms:developerKey {developer key}

## Resources and functions

Every input and output with its type, allowed values and what omitting it means: [reference.md](reference.md).

${kinds.join("\n")}

Data functions (each also as \`...Output\`): ${fns}.
`;
}
