// pulumi-language-python: a small Python language host for the real Pulumi engine.
//
// Why our own: like the Node.js one (../language-nodejs), the upstream host is its own Go module
// (github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3) and the module proxy these machines
// reach refuses every version of it. This host speaks pulumirpc.LanguageRuntime and does what the engine
// needs for our Python programs and SDKs:
//   - Run starts exec.py (embedded below; upstream ships a script beside its binary instead) with the
//     interpreter of the project's virtualenv, passing the run's settings as flags and the config through
//     PULUMI_CONFIG / PULUMI_CONFIG_SECRET_KEYS, as the upstream host does;
//   - GeneratePackage writes a Python SDK for a schema with pkg/v3's own Python code generator, which is
//     what `pulumi package gen-sdk --language python` asks of a language host;
//   - Link lists an SDK the CLI generated into the project (`pulumi package add`, `packages:` at
//     `pulumi install`) in requirements.txt, and InstallDependencies makes the virtualenv and pip-installs
//     requirements.txt into it.
//
// Binding the schema for code generation, and reading where the SDKs to link are, is shared with the Node.js
// host (../internal/hostkit).
//
// It reports no required plugins: provider plugins come from Pulumi.yaml (`packages:` or `plugins:`), and
// plugin acquisition is off.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pulumi-vcrooms/tools/pulumi-cli/internal/hostkit"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// exitReported is exec.py's exit code for "the error has already been reported to the engine".
const exitReported = 32

//go:embed exec.py
var execScript string

func main() {
	host := &languageHost{Base: hostkit.Base{EngineAddress: hostkit.EngineAddress(os.Args[1:])}}
	hostkit.Serve("pulumi-language-python", func(srv *grpc.Server) {
		pulumirpc.RegisterLanguageRuntimeServer(srv, host)
	})
}

type languageHost struct {
	hostkit.Base
}

func (h *languageHost) About(_ context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	python, _, err := interpreter(req.GetInfo())
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(python, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %w", python, err)
	}
	return &pulumirpc.AboutResponse{Executable: python, Version: strings.TrimSpace(string(out))}, nil
}

// virtualenv is the `virtualenv` runtime option of Pulumi.yaml as an absolute path ("" when not set); a relative
// one is relative to the project's root, as upstream reads it.
func virtualenv(info *pulumirpc.ProgramInfo) string {
	if info == nil || info.GetOptions() == nil {
		return ""
	}
	venv := info.GetOptions().GetFields()["virtualenv"].GetStringValue()
	if venv != "" && !filepath.IsAbs(venv) {
		venv = filepath.Join(info.GetRootDirectory(), venv)
	}
	return venv
}

// interpreter picks the Python to run programs with, in upstream's order: the `virtualenv` runtime option of
// Pulumi.yaml (relative to the project's root), then PULUMI_PYTHON_CMD, then python3 on the PATH. For a
// virtualenv it also gives the environment that activating it would set.
func interpreter(info *pulumirpc.ProgramInfo) (string, []string, error) {
	if venv := virtualenv(info); venv != "" {
		python := filepath.Join(venv, "bin", "python")
		if _, err := os.Stat(python); err != nil {
			return "", nil, fmt.Errorf("the virtualenv %s named in Pulumi.yaml has no bin/python "+
				"(make it with pulumi install, or python3 -m venv and pip install -r requirements.txt)", venv)
		}
		env := []string{
			"VIRTUAL_ENV=" + venv,
			"PATH=" + filepath.Join(venv, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
		}
		return python, env, nil
	}
	if cmd := os.Getenv("PULUMI_PYTHON_CMD"); cmd != "" {
		return cmd, nil, nil
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		return "", nil, errors.New("could not find python3 on the PATH (or set the virtualenv option in Pulumi.yaml)")
	}
	return python, nil, nil
}

func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	dir, entry := hostkit.ProgramLocation(req.GetInfo(), req.GetPwd(), req.GetProgram())
	python, venvEnv, err := interpreter(req.GetInfo())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	args := append([]string{"-c", execScript}, hostkit.RunArgs(req, h.EngineAddress, entry)...)

	// A stack without config sends none; the SDK wants `{}` and `[]` then, not JSON's null.
	configMap, secretKeyList := req.GetConfig(), req.GetConfigSecretKeys()
	if configMap == nil {
		configMap = map[string]string{}
	}
	if secretKeyList == nil {
		secretKeyList = []string{}
	}
	config, err := json.Marshal(configMap)
	if err != nil {
		return nil, fmt.Errorf("serializing config: %w", err)
	}
	secretKeys, err := json.Marshal(secretKeyList)
	if err != nil {
		return nil, fmt.Errorf("serializing config secret keys: %w", err)
	}
	cmd := exec.CommandContext(ctx, python, args...)
	cmd.Dir = dir
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(), venvEnv...)
	cmd.Env = append(cmd.Env,
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys),
		// Output reaches the engine as the program writes it, not when a buffer fills.
		"PYTHONUNBUFFERED=1",
	)
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitReported {
				// The program has reported its error to the engine; a second message would only repeat it.
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{
				Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
			}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run %s: %v", python, err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// GeneratePackage writes the Python SDK of the schema in the request (hostkit binds it) with pkg/v3's generator.
func (h *languageHost) GeneratePackage(
	_ context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return hostkit.GeneratePackage(req, func(pkg *schema.Package, loader schema.ReferenceLoader) (map[string][]byte, error) {
		return python.GeneratePackage("pulumi-language-python", pkg, req.GetExtraFiles(), loader)
	})
}

// InstallDependencies serves `pulumi install`: it makes the virtualenv Pulumi.yaml names when it is missing, then
// installs the program's requirements.txt into it with pip, passing their output on to the engine. Only a
// virtualenv is installed into: pip into whatever python3 is on the PATH could change the system's packages.
func (h *languageHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	venv := virtualenv(req.GetInfo())
	if venv == "" {
		return errors.New("Pulumi.yaml names no virtualenv (runtime.options.virtualenv): " +
			"this host installs requirements.txt only into one")
	}
	dir, _ := hostkit.ProgramLocation(req.GetInfo(), req.GetDirectory(), "")
	var sendLock sync.Mutex
	stdout := streamWriter(func(b []byte) error {
		sendLock.Lock()
		defer sendLock.Unlock()
		return server.Send(&pulumirpc.InstallDependenciesResponse{Stdout: b})
	})
	stderr := streamWriter(func(b []byte) error {
		sendLock.Lock()
		defer sendLock.Unlock()
		return server.Send(&pulumirpc.InstallDependenciesResponse{Stderr: b})
	})
	run := func(name string, args ...string) error {
		cmd := exec.CommandContext(server.Context(), name, args...)
		cmd.Dir = dir
		cmd.Stdout, cmd.Stderr = stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
		}
		return nil
	}
	python := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(python); err != nil {
		base := os.Getenv("PULUMI_PYTHON_CMD")
		if base == "" {
			base = "python3"
		}
		if err := run(base, "-m", "venv", venv); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "requirements.txt")); err != nil {
		return nil
	}
	return run(python, "-m", "pip", "install", "--disable-pip-version-check", "-r", "requirements.txt")
}

// streamWriter sends what a child process writes as it comes.
type streamWriter func([]byte) error

func (w streamWriter) Write(b []byte) (int, error) {
	if err := w(append([]byte(nil), b...)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Link lists each SDK folder in requirements.txt, which the InstallDependencies that follows installs into the
// virtualenv (as upstream does for pip).
func (h *languageHost) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	return hostkit.Link(req, listInRequirements)
}

// listInRequirements adds each SDK folder not listed yet to dir's requirements.txt.
func listInRequirements(dir string, sdks []hostkit.LinkedSDK) (string, error) {
	path := filepath.Join(dir, "requirements.txt")
	existing, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(existing), "\n") {
		listed[strings.TrimSuffix(strings.TrimSpace(line), "/")] = true
	}
	text := string(existing)
	var imports []string
	for _, sdk := range sdks {
		// pip takes a requirement as a local folder when it starts with ./ (relative to the working directory,
		// which InstallDependencies sets to the project).
		entry := "./" + sdk.Rel
		if !listed[entry] {
			if text != "" && !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			text += entry + "\n"
			listed[entry] = true
		}
		name := strings.ReplaceAll(sdk.Package, "-", "_")
		imports = append(imports, fmt.Sprintf("import pulumi_%s as %s", name, name))
	}
	if text != string(existing) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	return "The SDK is listed in requirements.txt; use it in the program with:\n\n  " + strings.Join(imports, "\n  ") + "\n", nil
}
