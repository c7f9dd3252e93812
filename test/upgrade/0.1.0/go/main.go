// Every kind through the plugin, from its generated Go SDK; see ../README.md.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Read from the context rather than the config package, which needs modules go.sum does not list.
		description, ok := ctx.GetConfig("upgrade-go:description")
		if !ok {
			description = "Recorded baseline"
		}
		defaults, err := vcrooms.NewTeamDefaults(ctx, "defaults", &vcrooms.TeamDefaultsArgs{
			PaletteMode:     vcrooms.PaletteModeDark,
			ToolbarPosition: vcrooms.ToolbarPositionLeft,
		})
		if err != nil {
			return err
		}
		afterDefaults := pulumi.DependsOn([]pulumi.Resource{defaults})
		declared, err := vcrooms.NewRoom(ctx, "declared", &vcrooms.RoomArgs{
			FriendlyUrl:     pulumi.String("up-go-declared"),
			Description:     pulumi.String(description),
			Privacy:         vcrooms.PrivacyPrivate,
			MaxParticipants: pulumi.Int(20),
			Tags:            pulumi.StringArray{pulumi.String("upgrade"), pulumi.String("go")},
		}, afterDefaults)
		if err != nil {
			return err
		}
		generated, err := vcrooms.NewRoom(ctx, "generated", &vcrooms.RoomArgs{
			Description: pulumi.String("Generated address"),
			Privacy:     vcrooms.PrivacyPublic,
		}, afterDefaults)
		if err != nil {
			return err
		}
		hidden, err := vcrooms.NewRoom(ctx, "hidden", &vcrooms.RoomArgs{
			FriendlyUrl: pulumi.ToSecret(pulumi.String("up-go-hidden")).(pulumi.StringOutput),
			Privacy:     vcrooms.PrivacyPrivate,
		}, afterDefaults)
		if err != nil {
			return err
		}
		alice, err := vcrooms.NewJoinToken(ctx, "alice", &vcrooms.JoinTokenArgs{
			Room:        declared.ID().ToStringOutput(),
			UserName:    pulumi.String("Alice"),
			ExpiresAt:   pulumi.String("2099-12-31 00:00:00"),
			RenewBefore: pulumi.String("24h"),
		})
		if err != nil {
			return err
		}
		if _, err := vcrooms.NewRoomContentPurge(ctx, "purge", &vcrooms.RoomContentPurgeArgs{
			Room:  generated.ID().ToStringOutput(),
			Kinds: vcrooms.ContentKindArray{vcrooms.ContentKindChat, vcrooms.ContentKindRecordings},
		}); err != nil {
			return err
		}
		found := vcrooms.LookupRoomOutput(ctx, vcrooms.LookupRoomOutputArgs{Room: declared.ID().ToStringOutput()})

		ctx.Export("declaredUrl", declared.RoomUrl)
		ctx.Export("generatedUrl", generated.RoomUrl)
		ctx.Export("hiddenUrl", hidden.RoomUrl)
		ctx.Export("aliceLink", alice.Link)
		ctx.Export("foundDescription", found.Description())
		return nil
	})
}
