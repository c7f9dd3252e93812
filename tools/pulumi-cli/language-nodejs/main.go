// pulumi-language-nodejs: a small Node.js language host for the real Pulumi engine.
//
// Why our own: the upstream host lives in its own Go module
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3), which has no tags, and the module proxy
// these machines reach serves none of its versions (every pseudo-version answers 403). The engine side (the
// `pulumi` CLI) comes from pkg/v3 unchanged. This host does what the engine needs to run Node.js programs and
// Node.js plugins (PulumiPlugin.yaml): it speaks pulumirpc.LanguageRuntime, starts
// `node <@pulumi/pulumi>/cmd/run` (or `cmd/run-plugin`) found from the program's directory, and passes the
// run's settings through the same flags and environment the upstream host uses. It also serves the code
// generation the CLI asks of a language host, with pkg/v3's own Node.js generator:
//   - GeneratePackage writes a TypeScript SDK for a schema (`pulumi package gen-sdk --language nodejs`,
//     `pulumi package add`, `packages:` at `pulumi install`);
//   - Link lists such an SDK in the program's package.json as a `file:` dependency, as upstream's npm
//     linking does, without running npm (see Link);
//   - GenerateProgram turns PCL into TypeScript (the code `pulumi import` prints).
//
// It installs nothing and reports no required plugins: provider plugins come from Pulumi.yaml (`packages:`
// or `plugins:`), and plugin acquisition is off.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/pulumi-vcrooms/tools/pulumi-cli/internal/hostkit"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

func main() {
	engineAddress := hostkit.EngineAddress(os.Args[1:])
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pulumi-language-nodejs: could not find node on the PATH")
		os.Exit(1)
	}
	host := &languageHost{Base: hostkit.Base{EngineAddress: engineAddress}, nodeBin: nodeBin}
	hostkit.Serve("pulumi-language-nodejs", func(srv *grpc.Server) {
		pulumirpc.RegisterLanguageRuntimeServer(srv, host)
	})
}

type languageHost struct {
	hostkit.Base
	nodeBin string
}

func (h *languageHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	out, err := exec.Command(h.nodeBin, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("node --version: %w", err)
	}
	return &pulumirpc.AboutResponse{Executable: h.nodeBin, Version: strings.TrimSpace(string(out))}, nil
}

// InstallDependencies is asked before a local plugin folder runs (`pulumi package gen-sdk <folder>`,
// `packages:` in Pulumi.yaml): a Node.js plugin's dependencies are its node_modules, which `npm ci` made, so
// there is nothing to install here; answering, rather than "not implemented", lets the engine go on. It is
// asked for a program too (`pulumi install`, after `pulumi package add`): unlike upstream, this host leaves
// `npm install` to the user there as well (Link says so), installing nothing behind their back.
func (h *languageHost) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return nil
}

// sdkPath finds @pulumi/pulumi/<rel> in the nearest node_modules above dir, as Node's own resolution would.
func sdkPath(dir, rel string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		candidate := filepath.Join(d, "node_modules", "@pulumi", "pulumi", rel)
		if _, err := os.Stat(candidate); err == nil {
			return candidate, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("@pulumi/pulumi is not installed above %s (run npm install)", dir)
		}
	}
}

// typescriptEnabled reads the `typescript` runtime option of Pulumi.yaml; like the upstream host, it defaults to on.
func typescriptEnabled(info *pulumirpc.ProgramInfo) bool {
	if info == nil || info.GetOptions() == nil {
		return true
	}
	if v, ok := info.GetOptions().GetFields()["typescript"]; ok {
		return v.GetBoolValue()
	}
	return true
}

func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	dir, entry := hostkit.ProgramLocation(req.GetInfo(), req.GetPwd(), req.GetProgram())
	runPath, err := sdkPath(dir, filepath.Join("cmd", "run"))
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	args := append([]string{runPath}, hostkit.RunArgs(req, h.EngineAddress, entry)...)

	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, fmt.Errorf("serializing config: %w", err)
	}
	secretKeys, err := json.Marshal(req.GetConfigSecretKeys())
	if err != nil {
		return nil, fmt.Errorf("serializing config secret keys: %w", err)
	}
	cmd := exec.CommandContext(ctx, h.nodeBin, args...)
	cmd.Dir = dir
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(),
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys),
		"PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(typescriptEnabled(req.GetInfo())),
	)
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			// The program has already reported its error to the engine; this only says how it ended.
			return &pulumirpc.RunResponse{
				Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
				Bail:  true,
			}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run node: %v", err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// RunPlugin starts a Node.js plugin (a folder with PulumiPlugin.yaml) through @pulumi/pulumi's run-plugin entry,
// or a policy pack (a folder with PulumiPolicy.yaml, kind "analyzer") through its run-policy-pack entry, streaming
// its output to the engine line by line and its exit code last.
func (h *languageHost) RunPlugin(
	req *pulumirpc.RunPluginRequest, server grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	dir, entry := hostkit.ProgramLocation(req.GetInfo(), req.GetPwd(), req.GetProgram())
	program := dir
	if entry != "." {
		program = filepath.Join(dir, entry)
	}
	var args []string
	pwd := req.GetPwd()
	if req.GetKind() == "analyzer" {
		// run-policy-pack takes the engine's address (the engine's only argument) before the pack. It runs in the
		// pack's folder, as upstream's pulumi-analyzer-policy does, so the pack's own tsconfig and modules apply.
		runPolicyPath, err := sdkPath(dir, filepath.Join("cmd", "run-policy-pack"))
		if err != nil {
			return err
		}
		args = append(append([]string{runPolicyPath}, req.GetArgs()...), program)
		pwd = dir
	} else {
		runPluginPath, err := sdkPath(dir, filepath.Join("cmd", "run-plugin"))
		if err != nil {
			return err
		}
		args = append([]string{runPluginPath, program}, req.GetArgs()...)
	}
	cmd := exec.CommandContext(server.Context(), h.nodeBin, args...)
	cmd.Dir = pwd
	cmd.Env = append(os.Environ(), req.GetEnv()...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not start node: %w", err)
	}
	var sendLock sync.Mutex
	send := func(resp *pulumirpc.RunPluginResponse) {
		sendLock.Lock()
		defer sendLock.Unlock()
		_ = server.Send(resp)
	}
	var streams sync.WaitGroup
	pump := func(r io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse) {
		defer streams.Done()
		reader := bufio.NewReader(r)
		for {
			line, err := reader.ReadBytes('\n')
			if len(line) > 0 {
				send(wrap(line))
			}
			if err != nil {
				return
			}
		}
	}
	streams.Add(2)
	go pump(stdout, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	})
	go pump(stderr, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	})
	streams.Wait()
	code := 0
	if err := cmd.Wait(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return err
		}
		code = exitErr.ExitCode()
	}
	send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(code)}})
	return nil
}

// GeneratePackage writes the TypeScript SDK of the schema in the request to req.Directory, with the engine's
// schema loader (req.LoaderTarget) resolving any packages the schema refers to. A `local` SDK (what
// `pulumi package add` asks for) gets upstream's layout for a package installed from a folder: `main` is
// bin/index.js and a postinstall script compiles the TypeScript with the SDK's own typescript dependency.
func (h *languageHost) GeneratePackage(
	_ context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	cached := schema.NewCachedLoader(loader)
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.GetSchema()), &spec); err != nil {
		return nil, fmt.Errorf("reading the schema: %w", err)
	}
	pkg, diags, err := schema.BindSpec(spec, cached, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	files, err := nodejs.GeneratePackage("pulumi-language-nodejs", pkg, req.GetExtraFiles(),
		req.GetLocalDependencies(), req.GetLocal(), cached)
	if err != nil {
		return nil, err
	}
	if err := hostkit.WriteFiles(req.GetDirectory(), files, 0o644); err != nil {
		return nil, err
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

// GenerateProgram turns a PCL program into TypeScript, which is what `pulumi import` prints for the resources
// it imported (and `pulumi convert --language nodejs` writes).
func (h *languageHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	parser := syntax.NewParser()
	for name, source := range req.GetSource() {
		if err := parser.ParseFile(bytes.NewReader([]byte(source)), name); err != nil {
			return nil, err
		}
	}
	if parser.Diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{
			Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics),
		}, nil
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, loader, options...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	files, genDiags, err := nodejs.GenerateProgram(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(genDiags)...),
	}, nil
}

// Link serves `pulumi package add` and the `packages:` step of `pulumi install`: the engine has generated each
// package's SDK into the project (sdks/<name>), and linking it means naming that folder in the program's
// package.json as a `file:` dependency under the SDK's npm name, which is what upstream's npm linking records.
// Unlike upstream, this host does not run npm here: `npm install` then installs the SDK (its postinstall
// compiles it), so the machine's npm, not the engine, decides where packages come from.
func (h *languageHost) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	dir, _ := hostkit.ProgramLocation(req.GetInfo(), "", "")
	manifestPath := filepath.Join(dir, "package.json")
	manifest := jsonObject{}
	text, err := os.ReadFile(manifestPath)
	switch {
	case err == nil:
		if manifest, err = parseObject(text); err != nil {
			return nil, fmt.Errorf("reading %s: %w", manifestPath, err)
		}
	case !os.IsNotExist(err):
		return nil, err
	}
	deps := jsonObject{}
	if raw, ok := manifest.get("dependencies"); ok {
		if deps, err = parseObject(raw); err != nil {
			return nil, fmt.Errorf("reading the dependencies of %s: %w", manifestPath, err)
		}
	}
	var imports strings.Builder
	for _, dep := range req.GetPackages() {
		sdk := dep.GetPath()
		if !filepath.IsAbs(sdk) {
			sdk = filepath.Join(dir, sdk)
		}
		name, err := npmName(sdk)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(dir, sdk)
		if err != nil {
			rel = sdk
		}
		spec, _ := json.Marshal("file:" + filepath.ToSlash(rel))
		deps = deps.set(name, spec)
		fmt.Fprintf(&imports, "  import * as %s from %q;\n", importName(dep.GetPackage().GetName()), name)
	}
	manifest = manifest.set("dependencies", deps.bytes())
	var out bytes.Buffer
	if err := json.Indent(&out, manifest.bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	if err := os.WriteFile(manifestPath, out.Bytes(), 0o644); err != nil {
		return nil, err
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "The SDK is listed in package.json; run npm install to install it, then import it with:\n\n" +
			imports.String(),
	}, nil
}

// jsonObject is a JSON object with its keys in the order they were written, so that rewriting a user's
// package.json changes only what Link adds.
type jsonObject []jsonField

type jsonField struct {
	key   string
	value json.RawMessage
}

func parseObject(text []byte) (jsonObject, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var obj jsonObject
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		obj = obj.set(key, value)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return obj, nil
}

func (o jsonObject) get(key string) (json.RawMessage, bool) {
	for _, f := range o {
		if f.key == key {
			return f.value, true
		}
	}
	return nil, false
}

// set replaces the key's value where it is, or adds the key last.
func (o jsonObject) set(key string, value json.RawMessage) jsonObject {
	for i := range o {
		if o[i].key == key {
			o[i].value = value
			return o
		}
	}
	return append(o, jsonField{key, value})
}

func (o jsonObject) bytes() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(f.key)
		b.Write(key)
		b.WriteByte(':')
		b.Write(f.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// npmName is the package name in the package.json of a generated SDK.
func npmName(sdk string) (string, error) {
	text, err := os.ReadFile(filepath.Join(sdk, "package.json"))
	if err != nil {
		return "", fmt.Errorf("the generated SDK has no package.json: %w", err)
	}
	var manifest struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(text, &manifest); err != nil || manifest.Name == "" {
		return "", fmt.Errorf("the package.json of the SDK in %s names no package", sdk)
	}
	return manifest.Name, nil
}

// importName is a package name as a JavaScript identifier (my-pkg: myPkg).
func importName(pkg string) string {
	parts := strings.FieldsFunc(pkg, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}
