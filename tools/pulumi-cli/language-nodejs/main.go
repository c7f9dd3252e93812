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
//     linking does, without running npm (packagejson.go);
//   - GenerateProgram turns PCL into TypeScript (the code `pulumi import` prints).
//
// Binding the schema or the PCL for code generation, and reading where the SDKs to link are, is shared with the
// Python host (../internal/hostkit); this package keeps what is Node.js's own.
//
// It installs nothing and reports no required plugins: provider plugins come from Pulumi.yaml (`packages:`
// or `plugins:`), and plugin acquisition is off.
package main

import (
	"bufio"
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
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
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

// GeneratePackage writes the TypeScript SDK of the schema in the request (hostkit binds it). A `local` SDK (what
// `pulumi package add` asks for) gets upstream's layout for a package installed from a folder: `main` is
// bin/index.js and a postinstall script compiles the TypeScript with the SDK's own typescript dependency.
func (h *languageHost) GeneratePackage(
	_ context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return hostkit.GeneratePackage(req, func(pkg *schema.Package, loader schema.ReferenceLoader) (map[string][]byte, error) {
		return nodejs.GeneratePackage("pulumi-language-nodejs", pkg, req.GetExtraFiles(),
			req.GetLocalDependencies(), req.GetLocal(), loader)
	})
}

// GenerateProgram turns a PCL program into TypeScript, which is what `pulumi import` prints for the resources
// it imported (and `pulumi convert --language nodejs` writes).
func (h *languageHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return hostkit.GenerateProgram(req, nodejs.GenerateProgram)
}

// Link names each SDK in the program's package.json as a `file:` dependency under the SDK's npm name, which is
// what upstream's npm linking records (see listInPackageJSON).
func (h *languageHost) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	return hostkit.Link(req, listInPackageJSON)
}
