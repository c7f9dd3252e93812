// The Go program of the invariant harnesses (test/invariants/goProject.ts): built once per harness, it declares the
// resources `program.json` (beside it, rewritten by each step) lists, each through its kind's constructor of the Go SDK
// `pulumi install` generates from the plugin, its properties set on that constructor's typed Args, and exports the
// outputs it names as the typed outputs the SDK declares (so a value of another type fails the program, as in a
// user's). One binary is stepped through every case: upstream's Go host runs the binary Pulumi.yaml names instead of
// building the program at each command.
//
// program.json: {"resources": [{"name", "type" ("vcrooms:Room"...), "properties": {name: value}, "dependsOn": [name],
// "provider": name}], "exports": {type: [output]}, "getRoomOf": name}. A value is plain (a string, number, boolean or
// list of strings), "${resource.output}", another resource's output ("id" its id), as in YAML, {"$secret": key}: the
// value of key in the stack's secret config test:secrets (a JSON object), made secret in code (pulumi.ToSecret), as a
// Go user makes a value secret, or {"secret": text}: that text made secret in code, given in program.json itself. A resource of type "pulumi:providers:vcrooms" is an explicit provider, which "provider"
// names. Each export is a stack output `<resource>_<output>`; getRoomOf, when given, names the resource whose id the
// data function getRoom reads.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms"
)

type declared struct {
	Name       string                 `json:"name"`
	Type       string                 `json:"type"`
	Properties map[string]interface{} `json:"properties"`
	DependsOn  []string               `json:"dependsOn"`
	Provider   string                 `json:"provider"`
}

type program struct {
	Resources []declared          `json:"resources"`
	Exports   map[string][]string `json:"exports"`
	GetRoomOf string              `json:"getRoomOf"`
}

type constructor = func(ctx *pulumi.Context, name string, fill func(args interface{}) error, opts ...pulumi.ResourceOption) (pulumi.CustomResource, error)

// Each kind's constructor of the generated SDK, given a function that fills its Args.
var kinds = map[string]constructor{
	"vcrooms:Room": func(ctx *pulumi.Context, name string, fill func(interface{}) error, opts ...pulumi.ResourceOption) (pulumi.CustomResource, error) {
		args := &vcrooms.RoomArgs{}
		if err := fill(args); err != nil {
			return nil, err
		}
		return vcrooms.NewRoom(ctx, name, args, opts...)
	},
	"vcrooms:TeamDefaults": func(ctx *pulumi.Context, name string, fill func(interface{}) error, opts ...pulumi.ResourceOption) (pulumi.CustomResource, error) {
		args := &vcrooms.TeamDefaultsArgs{}
		if err := fill(args); err != nil {
			return nil, err
		}
		return vcrooms.NewTeamDefaults(ctx, name, args, opts...)
	},
	"vcrooms:JoinToken": func(ctx *pulumi.Context, name string, fill func(interface{}) error, opts ...pulumi.ResourceOption) (pulumi.CustomResource, error) {
		args := &vcrooms.JoinTokenArgs{}
		if err := fill(args); err != nil {
			return nil, err
		}
		return vcrooms.NewJoinToken(ctx, name, args, opts...)
	},
	"vcrooms:RoomContentPurge": func(ctx *pulumi.Context, name string, fill func(interface{}) error, opts ...pulumi.ResourceOption) (pulumi.CustomResource, error) {
		args := &vcrooms.RoomContentPurgeArgs{}
		if err := fill(args); err != nil {
			return nil, err
		}
		return vcrooms.NewRoomContentPurge(ctx, name, args, opts...)
	},
}

// The type of an explicit provider, and its constructor.
const providerType = "pulumi:providers:vcrooms"

func newProvider(ctx *pulumi.Context, name string, fill func(interface{}) error) (*vcrooms.Provider, error) {
	args := &vcrooms.ProviderArgs{}
	if err := fill(args); err != nil {
		return nil, err
	}
	return vcrooms.NewProvider(ctx, name, args)
}

var reference = regexp.MustCompile(`^\$\{(\w+)\.(\w+)\}$`)

// The Go field name the generated SDK gives a property: its first letter upper case.
func field(property string) string { return strings.ToUpper(property[:1]) + property[1:] }

// The enum type an input interface converts to (PaletteModePtrInput: PaletteMode), found from the element type of the
// output its To...Output method gives; nil for an input of no enum. With list, the enum of a list of them
// (ContentKindArrayInput: ContentKind).
func enumType(input reflect.Type, list bool) reflect.Type {
	for i := 0; i < input.NumMethod(); i++ {
		m := input.Method(i)
		if !strings.HasPrefix(m.Name, "To") || !strings.HasSuffix(m.Name, "Output") || m.Type.NumIn() != 0 || m.Type.NumOut() != 1 {
			continue
		}
		output, ok := reflect.Zero(m.Type.Out(0)).Interface().(interface{ ElementType() reflect.Type })
		if !ok {
			continue
		}
		element := output.ElementType()
		if list {
			if element.Kind() != reflect.Slice {
				continue
			}
			element = element.Elem()
		}
		for element.Kind() == reflect.Ptr {
			element = element.Elem()
		}
		if element.Kind() == reflect.String && element != reflect.TypeOf("") {
			return element
		}
	}
	return nil
}

// The value of a property as the field's input type takes it: the SDK's typed value of the JSON value, an enum's
// value, another resource's output, or a secret's value made secret.
func input(fieldType reflect.Type, value interface{}, made map[string]pulumi.CustomResource, secrets map[string]interface{}) (reflect.Value, error) {
	var candidates []interface{}
	switch v := value.(type) {
	case map[string]interface{}:
		plain, found := v["secret"]
		if !found || len(v) != 1 {
			key, ok := v["$secret"].(string)
			var inConfig bool
			plain, inConfig = secrets[key]
			if !ok || !inConfig || len(v) != 1 {
				return reflect.Value{}, fmt.Errorf("an object value is {\"secret\": text} or {\"$secret\": key} naming a text of test:secrets, not %v", v)
			}
		}
		// Each typed value the plain one may take, made secret: ToSecret keeps its output type (a String a StringOutput).
		for _, c := range plainCandidates(fieldType, plain) {
			candidates = append(candidates, pulumi.ToSecret(c))
		}
	case string:
		if ref := reference.FindStringSubmatch(v); ref != nil {
			resource, ok := made[ref[1]]
			if !ok {
				return reflect.Value{}, fmt.Errorf("%s names no resource declared before", v)
			}
			if ref[2] == "id" {
				candidates = append(candidates, resource.ID().ToStringOutput())
			} else {
				out := reflect.ValueOf(resource).Elem().FieldByName(field(ref[2]))
				if !out.IsValid() {
					return reflect.Value{}, fmt.Errorf("%s: no output %s", v, field(ref[2]))
				}
				candidates = append(candidates, out.Interface())
			}
		} else {
			candidates = plainCandidates(fieldType, v)
		}
	default:
		candidates = plainCandidates(fieldType, v)
	}
	for _, c := range candidates {
		if reflect.TypeOf(c).AssignableTo(fieldType) {
			return reflect.ValueOf(c), nil
		}
	}
	return reflect.Value{}, fmt.Errorf("a %T is no %s", value, fieldType)
}

// The SDK's typed values a plain JSON value may be (a field takes one of them).
func plainCandidates(fieldType reflect.Type, value interface{}) []interface{} {
	var candidates []interface{}
	switch v := value.(type) {
	case string:
		candidates = append(candidates, pulumi.String(v))
		if enum := enumType(fieldType, false); enum != nil {
			candidates = append(candidates, reflect.ValueOf(v).Convert(enum).Interface())
		}
	case float64:
		if v == float64(int(v)) {
			candidates = append(candidates, pulumi.Int(int(v)))
		}
		candidates = append(candidates, pulumi.Float64(v))
	case bool:
		candidates = append(candidates, pulumi.Bool(v))
	case []interface{}:
		list := pulumi.StringArray{}
		for _, s := range v {
			list = append(list, pulumi.String(fmt.Sprint(s)))
		}
		candidates = append(candidates, list)
		if enum := enumType(fieldType, true); enum != nil {
			// A list of enum values: the SDK's output of that list (pulumi.ToOutput gives the type it registered).
			values := reflect.MakeSlice(reflect.SliceOf(enum), 0, len(v))
			for _, s := range v {
				values = reflect.Append(values, reflect.ValueOf(fmt.Sprint(s)).Convert(enum))
			}
			candidates = append(candidates, pulumi.ToOutput(values.Interface()))
		}
	}
	return candidates
}

func main() {
	text, err := os.ReadFile("program.json")
	if err != nil {
		panic(err)
	}
	var p program
	if err := json.Unmarshal(text, &p); err != nil {
		panic(err)
	}
	pulumi.Run(func(ctx *pulumi.Context) error {
		made := map[string]pulumi.CustomResource{}
		providers := map[string]pulumi.ProviderResource{}
		// Read as the stack holds it (a secret config value reads as its text); what is secret is made so below.
		secrets := map[string]interface{}{}
		if text, ok := ctx.GetConfig("test:secrets"); ok {
			if err := json.Unmarshal([]byte(text), &secrets); err != nil {
				return fmt.Errorf("test:secrets is no JSON object: %w", err)
			}
		}
		for _, r := range p.Resources {
			constructor, ok := kinds[r.Type]
			if !ok && r.Type != providerType {
				return fmt.Errorf("%s: no constructor of type %s in the program", r.Name, r.Type)
			}
			fill := func(args interface{}) error {
				fields := reflect.ValueOf(args).Elem()
				for property, value := range r.Properties {
					f := fields.FieldByName(field(property))
					if !f.IsValid() {
						return fmt.Errorf("%s: the SDK's Args has no field %s", r.Name, field(property))
					}
					v, err := input(f.Type(), value, made, secrets)
					if err != nil {
						return fmt.Errorf("%s.%s: %w", r.Name, property, err)
					}
					f.Set(v)
				}
				return nil
			}
			if r.Type == providerType {
				provider, err := newProvider(ctx, r.Name, fill)
				if err != nil {
					return err
				}
				providers[r.Name] = provider
				continue
			}
			var dependsOn []pulumi.Resource
			for _, d := range r.DependsOn {
				if made[d] == nil {
					return fmt.Errorf("%s depends on %s, declared after it or not at all", r.Name, d)
				}
				dependsOn = append(dependsOn, made[d])
			}
			opts := []pulumi.ResourceOption{pulumi.DependsOn(dependsOn)}
			if r.Provider != "" {
				if providers[r.Provider] == nil {
					return fmt.Errorf("%s: its provider %s is declared after it or not at all", r.Name, r.Provider)
				}
				opts = append(opts, pulumi.Provider(providers[r.Provider]))
			}
			resource, err := constructor(ctx, r.Name, fill, opts...)
			if err != nil {
				return err
			}
			made[r.Name] = resource
			for _, o := range p.Exports[r.Type] {
				out, ok := reflect.ValueOf(resource).Elem().FieldByName(field(o)).Interface().(pulumi.Output)
				if !ok {
					return fmt.Errorf("%s: no output %s", r.Name, field(o))
				}
				ctx.Export(r.Name+"_"+o, out)
			}
		}
		if p.GetRoomOf != "" {
			// Used, not exported (everyKindProgram.ts says why); its result's field typed, as a Go user reads it.
			_ = vcrooms.LookupRoomOutput(ctx, vcrooms.LookupRoomOutputArgs{Room: made[p.GetRoomOf].ID().ToStringOutput()}).Description()
		}
		return nil
	})
}
