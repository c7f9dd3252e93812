// A room and a lookup of it, on the released Go module and the installed plugin.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		standup, err := vcrooms.NewRoom(ctx, "standup", &vcrooms.RoomArgs{
			FriendlyUrl:     pulumi.String("go-standup"),
			Description:     pulumi.String("Stand-up"),
			MaxParticipants: pulumi.Int(12),
		})
		if err != nil {
			return err
		}
		found := vcrooms.LookupRoomOutput(ctx, vcrooms.LookupRoomOutputArgs{Room: standup.ID().ToStringOutput()})
		ctx.Export("roomUrl", standup.RoomUrl)
		ctx.Export("foundMax", found.MaxParticipants())
		return nil
	})
}
