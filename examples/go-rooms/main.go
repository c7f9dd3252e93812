// Rooms from Go: the team's default room settings, a public and a private room, a join token for the
// private room, and the private room's statistics over the team's current subscription period.
//
// Stack outputs: both room URLs, the join link (a secret) and the statistics' period and room.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		defaults, err := vcrooms.NewTeamDefaults(ctx, "defaults", &vcrooms.TeamDefaultsArgs{
			PaletteMode: vcrooms.PaletteModeDark,
			Language:    vcrooms.LanguageEn,
			DefaultRole: pulumi.String("attendee"),
			ChatEnabled: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}

		lobby, err := vcrooms.NewRoom(ctx, "lobby", &vcrooms.RoomArgs{
			FriendlyUrl:     pulumi.String("go-lobby"),
			Description:     pulumi.String("Open to anyone with the link"),
			Privacy:         vcrooms.PrivacyPublic,
			MaxParticipants: pulumi.Int(100),
		}, pulumi.DependsOn([]pulumi.Resource{defaults}))
		if err != nil {
			return err
		}

		standup, err := vcrooms.NewRoom(ctx, "standup", &vcrooms.RoomArgs{
			FriendlyUrl:     pulumi.String("go-standup"),
			Description:     pulumi.String("Team stand-up: join with a token"),
			Privacy:         vcrooms.PrivacyPrivate,
			MaxParticipants: pulumi.Int(12),
		}, pulumi.DependsOn([]pulumi.Resource{defaults}))
		if err != nil {
			return err
		}

		// A token for one participant of the private room: valid for a week (minutes from issue), issued anew
		// at the first `pulumi up` within a day of its expiry. Its `link` and `token` are always secrets.
		alice, err := vcrooms.NewJoinToken(ctx, "alice", &vcrooms.JoinTokenArgs{
			Room:        standup.ID().ToStringOutput(),
			UserName:    pulumi.String("Alice"),
			ExpiresAt:   pulumi.Int(7 * 24 * 60),
			RenewBefore: pulumi.String("24h"),
		})
		if err != nil {
			return err
		}

		// A data function through the provider (an engine invoke): it runs once the room exists.
		stats := vcrooms.GetRoomStatisticsOutput(ctx, vcrooms.GetRoomStatisticsOutputArgs{
			Room:    standup.ID().ToStringOutput(),
			Metrics: pulumi.StringArray{pulumi.String("participation_minutes")},
		})

		ctx.Export("lobbyUrl", lobby.RoomUrl)
		ctx.Export("standupUrl", standup.RoomUrl)
		ctx.Export("aliceJoinLink", alice.Link)
		ctx.Export("standupStatistics", pulumi.Map{
			"roomId":               stats.RoomId(),
			"dateStart":            stats.DateStart(),
			"dateEnd":              stats.DateEnd(),
			"participationMinutes": stats.ParticipationMinutes(),
		})
		return nil
	})
}
