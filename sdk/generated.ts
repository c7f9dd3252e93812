// Generated from the declarations by codegen/sdkTypes.ts; do not edit.
// test/types/sdkTypes.test.ts keeps it current (UPDATE_SDK_TYPES=1 rewrites it).
import type { room, teamDefaults, joinToken, roomContentPurge } from "../provider/declarations";
import type { ArgsOf, OutputsOf, RoomState, TeamDefaultsState, JoinTokenState, RoomContentPurgeState } from "./types";
import type * as pulumi from "@pulumi/pulumi";
import type { FunctionArgs, FunctionResult } from "../provider/functions";
import { invoke, outputOf, type InputArgs, type WithSecrets } from "./functions";

/** The arguments of a `Room`. */
export interface RoomArgs {
    /** Locked rooms require acceptance to join. Single-role rooms cannot be locked on join. */
    isLocked?: ArgsOf<typeof room>["isLocked"];
    /** Role id or name for participants who join with no token, or with a token without a role. */
    defaultRole?: ArgsOf<typeof room>["defaultRole"];
    /** Role ids or names; the order given is the order in the Participants panel. */
    roles?: ArgsOf<typeof room>["roles"];
    /** Session length in minutes, 1 to 1440; null or an empty string means unlimited. */
    sessionLength?: ArgsOf<typeof room>["sessionLength"];
    /** Where the toolbar sits. */
    toolbarPosition?: ArgsOf<typeof room>["toolbarPosition"];
    /** Toolbar colour, a hex colour code. */
    toolbarColor?: ArgsOf<typeof room>["toolbarColor"];
    /** Primary colour, a hex colour code. */
    primaryColor?: ArgsOf<typeof room>["primaryColor"];
    /** Background colour, a hex colour code. */
    backgroundColor?: ArgsOf<typeof room>["backgroundColor"];
    /** Light or dark palette. */
    paletteMode?: ArgsOf<typeof room>["paletteMode"];
    /** Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse. */
    language?: ArgsOf<typeof room>["language"];
    /** Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room. */
    languages?: ArgsOf<typeof room>["languages"];
    /** HD video quality: resolution_megabits. */
    hdVideoQuality?: ArgsOf<typeof room>["hdVideoQuality"];
    /** Audio bitrate in kbit/s, as a string. */
    audioQuality?: ArgsOf<typeof room>["audioQuality"];
    /** Name of the private group chat, at least 3 characters. */
    privateGroupChatName?: ArgsOf<typeof room>["privateGroupChatName"];
    /** Role ids or names that see the private group chat. */
    privateGroupChatRoles?: ArgsOf<typeof room>["privateGroupChatRoles"];
    /** Custom logo: an image URL or a base64-encoded file (read back as a URL). */
    customLogo?: ArgsOf<typeof room>["customLogo"];
    /** Application logo: an image URL or a base64-encoded file (read back as a URL). */
    applicationLogo?: ArgsOf<typeof room>["applicationLogo"];
    /** Default filter of the Q&A panel. */
    qaDefaultFilter?: ArgsOf<typeof room>["qaDefaultFilter"];
    /** Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation. */
    watermarkText?: ArgsOf<typeof room>["watermarkText"];
    /** Generic or custom consent message. */
    consentMessageType?: ArgsOf<typeof room>["consentMessageType"];
    /** Consent text; may contain `[link <url>]label[/link]`. */
    consentMessage?: ArgsOf<typeof room>["consentMessage"];
    /** Text of the do-not-show-again checkbox. */
    checkboxMessage?: ArgsOf<typeof room>["checkboxMessage"];
    /** Layout of recordings. */
    recordingsLayoutMode?: ArgsOf<typeof room>["recordingsLayoutMode"];
    /** Layout on join. */
    layoutModeOnJoin?: ArgsOf<typeof room>["layoutModeOnJoin"];
    /** HTML page title, 3 to 255 characters. */
    htmlTitle?: ArgsOf<typeof room>["htmlTitle"];
    /** Lobby message, 3 to 1000 characters. */
    lobbyMessage?: ArgsOf<typeof room>["lobbyMessage"];
    /** Content library opened by default. */
    defaultContentLibrary?: ArgsOf<typeof room>["defaultContentLibrary"];
    /** UUID of the content library. */
    libraryId?: ArgsOf<typeof room>["libraryId"];
    /** Captions language. */
    captionsLanguage?: ArgsOf<typeof room>["captionsLanguage"];
    /** Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service. */
    videoTileLayoutMode?: ArgsOf<typeof room>["videoTileLayoutMode"];
    /** Top bar shown. */
    topbarEnabled?: ArgsOf<typeof room>["topbarEnabled"];
    /** Picture-in-picture available (desktop Chrome, not in an embedded frame). */
    pipEnabled?: ArgsOf<typeof room>["pipEnabled"];
    /** Picture-in-picture opens automatically on leaving the tab. */
    autoPipEnabled?: ArgsOf<typeof room>["autoPipEnabled"];
    /** Toolbar shown. */
    toolbarEnabled?: ArgsOf<typeof room>["toolbarEnabled"];
    /** Each user may change the UI language. */
    languageSelectionEnabled?: ArgsOf<typeof room>["languageSelectionEnabled"];
    /** Emoji reactions available. */
    roomReactionsEnabled?: ArgsOf<typeof room>["roomReactionsEnabled"];
    /** Emoji reactions on chat messages. */
    chatReactionsEnabled?: ArgsOf<typeof room>["chatReactionsEnabled"];
    /** Expanded emoji set for chat reactions. */
    chatReactionsExtendedEnabled?: ArgsOf<typeof room>["chatReactionsExtendedEnabled"];
    /** When false, users join muted. */
    audioOnJoinEnabled?: ArgsOf<typeof room>["audioOnJoinEnabled"];
    /** When false, users join with the camera off. */
    videoOnJoinEnabled?: ArgsOf<typeof room>["videoOnJoinEnabled"];
    /** Better stream quality on join; more uplink needed. */
    hdVideoOnJoinEnabled?: ArgsOf<typeof room>["hdVideoOnJoinEnabled"];
    /** Audio autogain. */
    audioAutogainEnabled?: ArgsOf<typeof room>["audioAutogainEnabled"];
    /** Background noise reduced. */
    audioNoiseSuppressionEnabled?: ArgsOf<typeof room>["audioNoiseSuppressionEnabled"];
    /** Echo removed. */
    audioEchoCancellationEnabled?: ArgsOf<typeof room>["audioEchoCancellationEnabled"];
    /** Participants may mute room sound locally. */
    muteSoundEnabled?: ArgsOf<typeof room>["muteSoundEnabled"];
    /** Participants panel available. */
    participantsListEnabled?: ArgsOf<typeof room>["participantsListEnabled"];
    /** Participants may pin a tile. */
    pinEnabled?: ArgsOf<typeof room>["pinEnabled"];
    /** Tile full screen (not in auto layout). */
    fullScreenEnabled?: ArgsOf<typeof room>["fullScreenEnabled"];
    /** Own tile can be minimised in tiled mode. */
    minimizeOwnTileEnabled?: ArgsOf<typeof room>["minimizeOwnTileEnabled"];
    /** Own tile minimised on join. */
    minimizeOwnTileOnJoinEnabled?: ArgsOf<typeof room>["minimizeOwnTileOnJoinEnabled"];
    /** End session button in the toolbar. */
    endSessionEnabled?: ArgsOf<typeof room>["endSessionEnabled"];
    /** Leave session button in the toolbar. */
    leaveSessionEnabled?: ArgsOf<typeof room>["leaveSessionEnabled"];
    /** Rejoin link after leaving. */
    rejoinSessionEnabled?: ArgsOf<typeof room>["rejoinSessionEnabled"];
    /** Weak-connection notification. */
    connectionMessageEnabled?: ArgsOf<typeof room>["connectionMessageEnabled"];
    /** Public chat. */
    chatEnabled?: ArgsOf<typeof room>["chatEnabled"];
    /** One-to-one chat. */
    privateChatEnabled?: ArgsOf<typeof room>["privateChatEnabled"];
    /** Private group chat. */
    privateGroupChatEnabled?: ArgsOf<typeof room>["privateGroupChatEnabled"];
    /** Public chat of earlier sessions is kept and reloaded. */
    chatPersistenceEnabled?: ArgsOf<typeof room>["chatPersistenceEnabled"];
    /** End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms. */
    e2eeEnabled?: ArgsOf<typeof room>["e2eeEnabled"];
    /** Encryption badge shown. */
    e2eeBadgeEnabled?: ArgsOf<typeof room>["e2eeBadgeEnabled"];
    /** Layout switcher shown. */
    layoutModeSwitchEnabled?: ArgsOf<typeof room>["layoutModeSwitchEnabled"];
    /** Join and leave notifications. */
    simpleNotificationsEnabled?: ArgsOf<typeof room>["simpleNotificationsEnabled"];
    /** Device test before joining. */
    joinScreenEnabled?: ArgsOf<typeof room>["joinScreenEnabled"];
    /** Screen sharing (not on mobile). */
    screenshareEnabled?: ArgsOf<typeof room>["screenshareEnabled"];
    /** Participants may record. */
    recordingsEnabled?: ArgsOf<typeof room>["recordingsEnabled"];
    /** Recordings capture only audio and shared screens. */
    hideTilesInRecordingsEnabled?: ArgsOf<typeof room>["hideTilesInRecordingsEnabled"];
    /** Logo in recordings. */
    recordingLogoEnabled?: ArgsOf<typeof room>["recordingLogoEnabled"];
    /** Name badges in recordings. */
    participantNamesInRecordingsEnabled?: ArgsOf<typeof room>["participantNamesInRecordingsEnabled"];
    /** Recording starts when the first participant joins. */
    recordingAutostartEnabled?: ArgsOf<typeof room>["recordingAutostartEnabled"];
    /** Bookmarks during recording. */
    recordingBookmarksEnabled?: ArgsOf<typeof room>["recordingBookmarksEnabled"];
    /** Breakout rooms are recorded automatically. */
    recordingBreakoutAutostartEnabled?: ArgsOf<typeof room>["recordingBreakoutAutostartEnabled"];
    /** Recording consent reminder. */
    recordingConsentMessageEnabled?: ArgsOf<typeof room>["recordingConsentMessageEnabled"];
    /** Transcription shown as subtitles in recordings. */
    captionsInRecordingsEnabled?: ArgsOf<typeof room>["captionsInRecordingsEnabled"];
    /** Logo shown. */
    logoEnabled?: ArgsOf<typeof room>["logoEnabled"];
    /** Virtual backgrounds on desktop. */
    virtualBackgroundsEnabled?: ArgsOf<typeof room>["virtualBackgroundsEnabled"];
    /** New virtual background engine. */
    virtualBackgroundsV2Enabled?: ArgsOf<typeof room>["virtualBackgroundsV2Enabled"];
    /** Raise hand. */
    raiseHandEnabled?: ArgsOf<typeof room>["raiseHandEnabled"];
    /** Invite people button for permitted users. */
    inviteParticipantsEnabled?: ArgsOf<typeof room>["inviteParticipantsEnabled"];
    /** Invite people UI by default. */
    inviteParticipantsAdvancedEnabled?: ArgsOf<typeof room>["inviteParticipantsAdvancedEnabled"];
    /** Whiteboard; incompatible with E2EE. */
    whiteboardEnabled?: ArgsOf<typeof room>["whiteboardEnabled"];
    /** Questions and answers. */
    qaEnabled?: ArgsOf<typeof room>["qaEnabled"];
    /** Upvoting of questions. */
    upvoteQaEnabled?: ArgsOf<typeof room>["upvoteQaEnabled"];
    /** Shared notes panel. */
    sharedNotesEnabled?: ArgsOf<typeof room>["sharedNotesEnabled"];
    /** Polls. */
    pollsEnabled?: ArgsOf<typeof room>["pollsEnabled"];
    /** Repeated text watermark. */
    watermarkEnabled?: ArgsOf<typeof room>["watermarkEnabled"];
    /** Join consent reminder. */
    consentMessageEnabled?: ArgsOf<typeof room>["consentMessageEnabled"];
    /** Sound when someone enters the lobby. */
    lobbySoundEnabled?: ArgsOf<typeof room>["lobbySoundEnabled"];
    /** Content library component. */
    contentLibraryEnabled?: ArgsOf<typeof room>["contentLibraryEnabled"];
    /** Speech transcribed; incompatible with E2EE. */
    transcriptionEnabled?: ArgsOf<typeof room>["transcriptionEnabled"];
    /** Transcription starts when the first participant joins. */
    transcriptionAutoStartEnabled?: ArgsOf<typeof room>["transcriptionAutoStartEnabled"];
    /** Participants may toggle captions. */
    captionsEnabled?: ArgsOf<typeof room>["captionsEnabled"];
    /** Room description, 3 to 500 characters. */
    description?: ArgsOf<typeof room>["description"];
    /** Friendly URL, unique in the team, 3 to 32 characters. Any character the API takes is accepted; letters, digits and - . _ ~ keep the room's link readable. */
    friendlyUrl?: ArgsOf<typeof room>["friendlyUrl"];
    /** Public rooms are joined by link; private rooms need a token. */
    privacy?: ArgsOf<typeof room>["privacy"];
    /** Identifier assigned by the integrator. */
    externalId?: ArgsOf<typeof room>["externalId"];
    /** Webhook ids; when given, only these apply. */
    webhooks?: ArgsOf<typeof room>["webhooks"];
    /** Tags; the API accepts them only on create, so a change replaces the room. */
    tags?: ArgsOf<typeof room>["tags"];
    /** Cameras, HD video and virtual backgrounds disabled. */
    isAudioOnly?: ArgsOf<typeof room>["isAudioOnly"];
    /** Which broadcaster tiles are visible. */
    broadcasterTileVisibility?: ArgsOf<typeof room>["broadcasterTileVisibility"];
    /** Breakout rooms; incompatible with E2EE. */
    breakoutRoomsEnabled?: ArgsOf<typeof room>["breakoutRoomsEnabled"];
    /** Breakout room ids and names. */
    breakouts?: ArgsOf<typeof room>["breakouts"];
    /** Users move freely between breakout rooms. */
    breakoutFreeMovementEnabled?: ArgsOf<typeof room>["breakoutFreeMovementEnabled"];
    /** Return to the main room allowed. */
    breakoutReturnToMainRoomEnabled?: ArgsOf<typeof room>["breakoutReturnToMainRoomEnabled"];
    /** Visible countdown in breakout rooms. */
    breakoutTimerEnabled?: ArgsOf<typeof room>["breakoutTimerEnabled"];
    /** Duration of breakout rooms. */
    breakoutTimerDuration?: ArgsOf<typeof room>["breakoutTimerDuration"];
    /** Breakout rooms close when the timer ends. */
    breakoutEndOnTimer?: ArgsOf<typeof room>["breakoutEndOnTimer"];
    /** Restreaming allowed. */
    restreamEnabled?: ArgsOf<typeof room>["restreamEnabled"];
    /** Restream target. */
    restreamType?: ArgsOf<typeof room>["restreamType"];
    /** Authentication token for the restream target (secret). */
    restreamKey?: ArgsOf<typeof room>["restreamKey"];
    /** Custom restreamer server URL. */
    restreamUrl?: ArgsOf<typeof room>["restreamUrl"];
    /** Layout of the restream. */
    restreamLayoutMode?: ArgsOf<typeof room>["restreamLayoutMode"];
    /** Video tiles left out of the restream. */
    hideTilesInRestreamEnabled?: ArgsOf<typeof room>["hideTilesInRestreamEnabled"];
    /** Logo in the restream. */
    restreamLogoEnabled?: ArgsOf<typeof room>["restreamLogoEnabled"];
    /** Restream starts automatically. */
    restreamAutostartEnabled?: ArgsOf<typeof room>["restreamAutostartEnabled"];
    /** Name badges in the restream. */
    participantNamesInRestreamEnabled?: ArgsOf<typeof room>["participantNamesInRestreamEnabled"];
    /** Restream consent reminder. */
    restreamConsentMessageEnabled?: ArgsOf<typeof room>["restreamConsentMessageEnabled"];
    /** Maximum participants, 2 to the plan maximum (2000 in the largest plan). */
    maxParticipants?: ArgsOf<typeof room>["maxParticipants"];
    /** Maximum broadcasters, at least 1 and at most maxParticipants. */
    maxBroadcasters?: ArgsOf<typeof room>["maxBroadcasters"];
    /** WHIP ingestion of external live streams. */
    whipEnabled?: ArgsOf<typeof room>["whipEnabled"];
    /** Telephony. */
    telephonyEnabled?: ArgsOf<typeof room>["telephonyEnabled"];
    /** PSTN/SIP number the communication server dials. */
    telephonyPhoneNumber?: ArgsOf<typeof room>["telephonyPhoneNumber"];
    /** DTMF PIN; W adds a 1 second pause, w 500 ms (secret: it admits a caller to the room). */
    telephonyPinDtmf?: ArgsOf<typeof room>["telephonyPinDtmf"];
    /** When the room is deleted automatically, YYYY-MM-DD hh:mm:ss UTC, in the future. */
    expiresAt?: ArgsOf<typeof room>["expiresAt"];
    /** When a room with this friendlyUrl already exists, take it over (one PATCH of the declared settings) instead of failing. When omitted: `false`: the create fails when a room with this friendlyUrl exists. */
    adoptExisting?: ArgsOf<typeof room>["adoptExisting"];
    /** On destroy, also delete the room's recordings, chat and other content (delete_resources). When omitted: `false`: destroy deletes the room without `delete_resources`. */
    deleteContentOnDestroy?: ArgsOf<typeof room>["deleteContentOnDestroy"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. When omitted: Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: ArgsOf<typeof room>["connection"];
}

/** The outputs of a `Room`. */
export interface RoomOutputs extends OutputsOf<RoomState> {
    /** Locked rooms require acceptance to join. Single-role rooms cannot be locked on join. */
    readonly isLocked: OutputsOf<RoomState>["isLocked"];
    /** Role id or name for participants who join with no token, or with a token without a role. */
    readonly defaultRole: OutputsOf<RoomState>["defaultRole"];
    /** Role ids or names; the order given is the order in the Participants panel. */
    readonly roles: OutputsOf<RoomState>["roles"];
    /** Session length in minutes, 1 to 1440; null or an empty string means unlimited. */
    readonly sessionLength: OutputsOf<RoomState>["sessionLength"];
    /** Where the toolbar sits. */
    readonly toolbarPosition: OutputsOf<RoomState>["toolbarPosition"];
    /** Toolbar colour, a hex colour code. */
    readonly toolbarColor: OutputsOf<RoomState>["toolbarColor"];
    /** Primary colour, a hex colour code. */
    readonly primaryColor: OutputsOf<RoomState>["primaryColor"];
    /** Background colour, a hex colour code. */
    readonly backgroundColor: OutputsOf<RoomState>["backgroundColor"];
    /** Light or dark palette. */
    readonly paletteMode: OutputsOf<RoomState>["paletteMode"];
    /** Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse. */
    readonly language: OutputsOf<RoomState>["language"];
    /** Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room. */
    readonly languages: OutputsOf<RoomState>["languages"];
    /** HD video quality: resolution_megabits. */
    readonly hdVideoQuality: OutputsOf<RoomState>["hdVideoQuality"];
    /** Audio bitrate in kbit/s, as a string. */
    readonly audioQuality: OutputsOf<RoomState>["audioQuality"];
    /** Name of the private group chat, at least 3 characters. */
    readonly privateGroupChatName: OutputsOf<RoomState>["privateGroupChatName"];
    /** Role ids or names that see the private group chat. */
    readonly privateGroupChatRoles: OutputsOf<RoomState>["privateGroupChatRoles"];
    /** Custom logo: an image URL or a base64-encoded file (read back as a URL). */
    readonly customLogo: OutputsOf<RoomState>["customLogo"];
    /** Application logo: an image URL or a base64-encoded file (read back as a URL). */
    readonly applicationLogo: OutputsOf<RoomState>["applicationLogo"];
    /** Default filter of the Q&A panel. */
    readonly qaDefaultFilter: OutputsOf<RoomState>["qaDefaultFilter"];
    /** Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation. */
    readonly watermarkText: OutputsOf<RoomState>["watermarkText"];
    /** Generic or custom consent message. */
    readonly consentMessageType: OutputsOf<RoomState>["consentMessageType"];
    /** Consent text; may contain `[link <url>]label[/link]`. */
    readonly consentMessage: OutputsOf<RoomState>["consentMessage"];
    /** Text of the do-not-show-again checkbox. */
    readonly checkboxMessage: OutputsOf<RoomState>["checkboxMessage"];
    /** Layout of recordings. */
    readonly recordingsLayoutMode: OutputsOf<RoomState>["recordingsLayoutMode"];
    /** Layout on join. */
    readonly layoutModeOnJoin: OutputsOf<RoomState>["layoutModeOnJoin"];
    /** HTML page title, 3 to 255 characters. */
    readonly htmlTitle: OutputsOf<RoomState>["htmlTitle"];
    /** Lobby message, 3 to 1000 characters. */
    readonly lobbyMessage: OutputsOf<RoomState>["lobbyMessage"];
    /** Content library opened by default. */
    readonly defaultContentLibrary: OutputsOf<RoomState>["defaultContentLibrary"];
    /** UUID of the content library. */
    readonly libraryId: OutputsOf<RoomState>["libraryId"];
    /** Captions language. */
    readonly captionsLanguage: OutputsOf<RoomState>["captionsLanguage"];
    /** Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service. */
    readonly videoTileLayoutMode: OutputsOf<RoomState>["videoTileLayoutMode"];
    /** Top bar shown. */
    readonly topbarEnabled: OutputsOf<RoomState>["topbarEnabled"];
    /** Picture-in-picture available (desktop Chrome, not in an embedded frame). */
    readonly pipEnabled: OutputsOf<RoomState>["pipEnabled"];
    /** Picture-in-picture opens automatically on leaving the tab. */
    readonly autoPipEnabled: OutputsOf<RoomState>["autoPipEnabled"];
    /** Toolbar shown. */
    readonly toolbarEnabled: OutputsOf<RoomState>["toolbarEnabled"];
    /** Each user may change the UI language. */
    readonly languageSelectionEnabled: OutputsOf<RoomState>["languageSelectionEnabled"];
    /** Emoji reactions available. */
    readonly roomReactionsEnabled: OutputsOf<RoomState>["roomReactionsEnabled"];
    /** Emoji reactions on chat messages. */
    readonly chatReactionsEnabled: OutputsOf<RoomState>["chatReactionsEnabled"];
    /** Expanded emoji set for chat reactions. */
    readonly chatReactionsExtendedEnabled: OutputsOf<RoomState>["chatReactionsExtendedEnabled"];
    /** When false, users join muted. */
    readonly audioOnJoinEnabled: OutputsOf<RoomState>["audioOnJoinEnabled"];
    /** When false, users join with the camera off. */
    readonly videoOnJoinEnabled: OutputsOf<RoomState>["videoOnJoinEnabled"];
    /** Better stream quality on join; more uplink needed. */
    readonly hdVideoOnJoinEnabled: OutputsOf<RoomState>["hdVideoOnJoinEnabled"];
    /** Audio autogain. */
    readonly audioAutogainEnabled: OutputsOf<RoomState>["audioAutogainEnabled"];
    /** Background noise reduced. */
    readonly audioNoiseSuppressionEnabled: OutputsOf<RoomState>["audioNoiseSuppressionEnabled"];
    /** Echo removed. */
    readonly audioEchoCancellationEnabled: OutputsOf<RoomState>["audioEchoCancellationEnabled"];
    /** Participants may mute room sound locally. */
    readonly muteSoundEnabled: OutputsOf<RoomState>["muteSoundEnabled"];
    /** Participants panel available. */
    readonly participantsListEnabled: OutputsOf<RoomState>["participantsListEnabled"];
    /** Participants may pin a tile. */
    readonly pinEnabled: OutputsOf<RoomState>["pinEnabled"];
    /** Tile full screen (not in auto layout). */
    readonly fullScreenEnabled: OutputsOf<RoomState>["fullScreenEnabled"];
    /** Own tile can be minimised in tiled mode. */
    readonly minimizeOwnTileEnabled: OutputsOf<RoomState>["minimizeOwnTileEnabled"];
    /** Own tile minimised on join. */
    readonly minimizeOwnTileOnJoinEnabled: OutputsOf<RoomState>["minimizeOwnTileOnJoinEnabled"];
    /** End session button in the toolbar. */
    readonly endSessionEnabled: OutputsOf<RoomState>["endSessionEnabled"];
    /** Leave session button in the toolbar. */
    readonly leaveSessionEnabled: OutputsOf<RoomState>["leaveSessionEnabled"];
    /** Rejoin link after leaving. */
    readonly rejoinSessionEnabled: OutputsOf<RoomState>["rejoinSessionEnabled"];
    /** Weak-connection notification. */
    readonly connectionMessageEnabled: OutputsOf<RoomState>["connectionMessageEnabled"];
    /** Public chat. */
    readonly chatEnabled: OutputsOf<RoomState>["chatEnabled"];
    /** One-to-one chat. */
    readonly privateChatEnabled: OutputsOf<RoomState>["privateChatEnabled"];
    /** Private group chat. */
    readonly privateGroupChatEnabled: OutputsOf<RoomState>["privateGroupChatEnabled"];
    /** Public chat of earlier sessions is kept and reloaded. */
    readonly chatPersistenceEnabled: OutputsOf<RoomState>["chatPersistenceEnabled"];
    /** End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms. */
    readonly e2eeEnabled: OutputsOf<RoomState>["e2eeEnabled"];
    /** Encryption badge shown. */
    readonly e2eeBadgeEnabled: OutputsOf<RoomState>["e2eeBadgeEnabled"];
    /** Layout switcher shown. */
    readonly layoutModeSwitchEnabled: OutputsOf<RoomState>["layoutModeSwitchEnabled"];
    /** Join and leave notifications. */
    readonly simpleNotificationsEnabled: OutputsOf<RoomState>["simpleNotificationsEnabled"];
    /** Device test before joining. */
    readonly joinScreenEnabled: OutputsOf<RoomState>["joinScreenEnabled"];
    /** Screen sharing (not on mobile). */
    readonly screenshareEnabled: OutputsOf<RoomState>["screenshareEnabled"];
    /** Participants may record. */
    readonly recordingsEnabled: OutputsOf<RoomState>["recordingsEnabled"];
    /** Recordings capture only audio and shared screens. */
    readonly hideTilesInRecordingsEnabled: OutputsOf<RoomState>["hideTilesInRecordingsEnabled"];
    /** Logo in recordings. */
    readonly recordingLogoEnabled: OutputsOf<RoomState>["recordingLogoEnabled"];
    /** Name badges in recordings. */
    readonly participantNamesInRecordingsEnabled: OutputsOf<RoomState>["participantNamesInRecordingsEnabled"];
    /** Recording starts when the first participant joins. */
    readonly recordingAutostartEnabled: OutputsOf<RoomState>["recordingAutostartEnabled"];
    /** Bookmarks during recording. */
    readonly recordingBookmarksEnabled: OutputsOf<RoomState>["recordingBookmarksEnabled"];
    /** Breakout rooms are recorded automatically. */
    readonly recordingBreakoutAutostartEnabled: OutputsOf<RoomState>["recordingBreakoutAutostartEnabled"];
    /** Recording consent reminder. */
    readonly recordingConsentMessageEnabled: OutputsOf<RoomState>["recordingConsentMessageEnabled"];
    /** Transcription shown as subtitles in recordings. */
    readonly captionsInRecordingsEnabled: OutputsOf<RoomState>["captionsInRecordingsEnabled"];
    /** Logo shown. */
    readonly logoEnabled: OutputsOf<RoomState>["logoEnabled"];
    /** Virtual backgrounds on desktop. */
    readonly virtualBackgroundsEnabled: OutputsOf<RoomState>["virtualBackgroundsEnabled"];
    /** New virtual background engine. */
    readonly virtualBackgroundsV2Enabled: OutputsOf<RoomState>["virtualBackgroundsV2Enabled"];
    /** Raise hand. */
    readonly raiseHandEnabled: OutputsOf<RoomState>["raiseHandEnabled"];
    /** Invite people button for permitted users. */
    readonly inviteParticipantsEnabled: OutputsOf<RoomState>["inviteParticipantsEnabled"];
    /** Invite people UI by default. */
    readonly inviteParticipantsAdvancedEnabled: OutputsOf<RoomState>["inviteParticipantsAdvancedEnabled"];
    /** Whiteboard; incompatible with E2EE. */
    readonly whiteboardEnabled: OutputsOf<RoomState>["whiteboardEnabled"];
    /** Questions and answers. */
    readonly qaEnabled: OutputsOf<RoomState>["qaEnabled"];
    /** Upvoting of questions. */
    readonly upvoteQaEnabled: OutputsOf<RoomState>["upvoteQaEnabled"];
    /** Shared notes panel. */
    readonly sharedNotesEnabled: OutputsOf<RoomState>["sharedNotesEnabled"];
    /** Polls. */
    readonly pollsEnabled: OutputsOf<RoomState>["pollsEnabled"];
    /** Repeated text watermark. */
    readonly watermarkEnabled: OutputsOf<RoomState>["watermarkEnabled"];
    /** Join consent reminder. */
    readonly consentMessageEnabled: OutputsOf<RoomState>["consentMessageEnabled"];
    /** Sound when someone enters the lobby. */
    readonly lobbySoundEnabled: OutputsOf<RoomState>["lobbySoundEnabled"];
    /** Content library component. */
    readonly contentLibraryEnabled: OutputsOf<RoomState>["contentLibraryEnabled"];
    /** Speech transcribed; incompatible with E2EE. */
    readonly transcriptionEnabled: OutputsOf<RoomState>["transcriptionEnabled"];
    /** Transcription starts when the first participant joins. */
    readonly transcriptionAutoStartEnabled: OutputsOf<RoomState>["transcriptionAutoStartEnabled"];
    /** Participants may toggle captions. */
    readonly captionsEnabled: OutputsOf<RoomState>["captionsEnabled"];
    /** Room description, 3 to 500 characters. */
    readonly description: OutputsOf<RoomState>["description"];
    /** Friendly URL, unique in the team, 3 to 32 characters. Any character the API takes is accepted; letters, digits and - . _ ~ keep the room's link readable. */
    readonly friendlyUrl: OutputsOf<RoomState>["friendlyUrl"];
    /** Public rooms are joined by link; private rooms need a token. */
    readonly privacy: OutputsOf<RoomState>["privacy"];
    /** Identifier assigned by the integrator. */
    readonly externalId: OutputsOf<RoomState>["externalId"];
    /** Webhook ids; when given, only these apply. */
    readonly webhooks: OutputsOf<RoomState>["webhooks"];
    /** Tags; the API accepts them only on create, so a change replaces the room. */
    readonly tags: OutputsOf<RoomState>["tags"];
    /** Cameras, HD video and virtual backgrounds disabled. */
    readonly isAudioOnly: OutputsOf<RoomState>["isAudioOnly"];
    /** Which broadcaster tiles are visible. */
    readonly broadcasterTileVisibility: OutputsOf<RoomState>["broadcasterTileVisibility"];
    /** Breakout rooms; incompatible with E2EE. */
    readonly breakoutRoomsEnabled: OutputsOf<RoomState>["breakoutRoomsEnabled"];
    /** Breakout room ids and names. */
    readonly breakouts: OutputsOf<RoomState>["breakouts"];
    /** Users move freely between breakout rooms. */
    readonly breakoutFreeMovementEnabled: OutputsOf<RoomState>["breakoutFreeMovementEnabled"];
    /** Return to the main room allowed. */
    readonly breakoutReturnToMainRoomEnabled: OutputsOf<RoomState>["breakoutReturnToMainRoomEnabled"];
    /** Visible countdown in breakout rooms. */
    readonly breakoutTimerEnabled: OutputsOf<RoomState>["breakoutTimerEnabled"];
    /** Duration of breakout rooms. */
    readonly breakoutTimerDuration: OutputsOf<RoomState>["breakoutTimerDuration"];
    /** Breakout rooms close when the timer ends. */
    readonly breakoutEndOnTimer: OutputsOf<RoomState>["breakoutEndOnTimer"];
    /** Restreaming allowed. */
    readonly restreamEnabled: OutputsOf<RoomState>["restreamEnabled"];
    /** Restream target. */
    readonly restreamType: OutputsOf<RoomState>["restreamType"];
    /** Authentication token for the restream target (secret). */
    readonly restreamKey: OutputsOf<RoomState>["restreamKey"];
    /** Custom restreamer server URL. */
    readonly restreamUrl: OutputsOf<RoomState>["restreamUrl"];
    /** Layout of the restream. */
    readonly restreamLayoutMode: OutputsOf<RoomState>["restreamLayoutMode"];
    /** Video tiles left out of the restream. */
    readonly hideTilesInRestreamEnabled: OutputsOf<RoomState>["hideTilesInRestreamEnabled"];
    /** Logo in the restream. */
    readonly restreamLogoEnabled: OutputsOf<RoomState>["restreamLogoEnabled"];
    /** Restream starts automatically. */
    readonly restreamAutostartEnabled: OutputsOf<RoomState>["restreamAutostartEnabled"];
    /** Name badges in the restream. */
    readonly participantNamesInRestreamEnabled: OutputsOf<RoomState>["participantNamesInRestreamEnabled"];
    /** Restream consent reminder. */
    readonly restreamConsentMessageEnabled: OutputsOf<RoomState>["restreamConsentMessageEnabled"];
    /** Maximum participants, 2 to the plan maximum (2000 in the largest plan). */
    readonly maxParticipants: OutputsOf<RoomState>["maxParticipants"];
    /** Maximum broadcasters, at least 1 and at most maxParticipants. */
    readonly maxBroadcasters: OutputsOf<RoomState>["maxBroadcasters"];
    /** WHIP ingestion of external live streams. */
    readonly whipEnabled: OutputsOf<RoomState>["whipEnabled"];
    /** Telephony. */
    readonly telephonyEnabled: OutputsOf<RoomState>["telephonyEnabled"];
    /** PSTN/SIP number the communication server dials. */
    readonly telephonyPhoneNumber: OutputsOf<RoomState>["telephonyPhoneNumber"];
    /** DTMF PIN; W adds a 1 second pause, w 500 ms (secret: it admits a caller to the room). */
    readonly telephonyPinDtmf: OutputsOf<RoomState>["telephonyPinDtmf"];
    /** When the room is deleted automatically, YYYY-MM-DD hh:mm:ss UTC, in the future. */
    readonly expiresAt: OutputsOf<RoomState>["expiresAt"];
    /** The room's topic, as the dashboard shows it (the API's other name for `description`; the friendlyUrl for a room without one). */
    readonly topic: OutputsOf<RoomState>["topic"];
    /** The address participants open. A preview through the `vcrooms` plugin shows the address the up will give when it is known: a declared friendlyUrl of letters, digits and - . _ ~ under the team's domain, or the address an update leaves; otherwise (a generated friendlyUrl, a custom CNAME, a TeamDefaults of the program declaring `domain`, an API the preview cannot read), and always with the dynamic resources (`require("pulumi-vcrooms")`, which run no provider code at preview), it is unknown until up. */
    readonly roomUrl: OutputsOf<RoomState>["roomUrl"];
    /** Files attached to the room. */
    readonly files: OutputsOf<RoomState>["files"];
    /** When the room was created. */
    readonly createdAt: OutputsOf<RoomState>["createdAt"];
    /** When the room was last changed. */
    readonly updatedAt: OutputsOf<RoomState>["updatedAt"];
    /** Files panel shown. */
    readonly filesPanelEnabled: OutputsOf<RoomState>["filesPanelEnabled"];
    /** True once the room passed expiresAt and the API deleted it: a refresh keeps it in the stack as expired until the program changes; a change then creates a new room. */
    readonly expired: OutputsOf<RoomState>["expired"];
}

/** The arguments of a `TeamDefaults`. */
export interface TeamDefaultsArgs {
    /** Locked rooms require acceptance to join. Single-role rooms cannot be locked on join. */
    isLocked?: ArgsOf<typeof teamDefaults>["isLocked"];
    /** Role id or name for participants who join with no token, or with a token without a role. */
    defaultRole?: ArgsOf<typeof teamDefaults>["defaultRole"];
    /** Role ids or names; the order given is the order in the Participants panel. */
    roles?: ArgsOf<typeof teamDefaults>["roles"];
    /** Session length in minutes, 1 to 1440; null or an empty string means unlimited. */
    sessionLength?: ArgsOf<typeof teamDefaults>["sessionLength"];
    /** Where the toolbar sits. */
    toolbarPosition?: ArgsOf<typeof teamDefaults>["toolbarPosition"];
    /** Toolbar colour, a hex colour code. */
    toolbarColor?: ArgsOf<typeof teamDefaults>["toolbarColor"];
    /** Primary colour, a hex colour code. */
    primaryColor?: ArgsOf<typeof teamDefaults>["primaryColor"];
    /** Background colour, a hex colour code. */
    backgroundColor?: ArgsOf<typeof teamDefaults>["backgroundColor"];
    /** Light or dark palette. */
    paletteMode?: ArgsOf<typeof teamDefaults>["paletteMode"];
    /** Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse. */
    language?: ArgsOf<typeof teamDefaults>["language"];
    /** Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room. */
    languages?: ArgsOf<typeof teamDefaults>["languages"];
    /** HD video quality: resolution_megabits. */
    hdVideoQuality?: ArgsOf<typeof teamDefaults>["hdVideoQuality"];
    /** Audio bitrate in kbit/s, as a string. */
    audioQuality?: ArgsOf<typeof teamDefaults>["audioQuality"];
    /** Name of the private group chat, at least 3 characters. */
    privateGroupChatName?: ArgsOf<typeof teamDefaults>["privateGroupChatName"];
    /** Role ids or names that see the private group chat. */
    privateGroupChatRoles?: ArgsOf<typeof teamDefaults>["privateGroupChatRoles"];
    /** Custom logo: an image URL or a base64-encoded file (read back as a URL). */
    customLogo?: ArgsOf<typeof teamDefaults>["customLogo"];
    /** Application logo: an image URL or a base64-encoded file (read back as a URL). */
    applicationLogo?: ArgsOf<typeof teamDefaults>["applicationLogo"];
    /** Default filter of the Q&A panel. */
    qaDefaultFilter?: ArgsOf<typeof teamDefaults>["qaDefaultFilter"];
    /** Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation. */
    watermarkText?: ArgsOf<typeof teamDefaults>["watermarkText"];
    /** Generic or custom consent message. */
    consentMessageType?: ArgsOf<typeof teamDefaults>["consentMessageType"];
    /** Consent text; may contain `[link <url>]label[/link]`. */
    consentMessage?: ArgsOf<typeof teamDefaults>["consentMessage"];
    /** Text of the do-not-show-again checkbox. */
    checkboxMessage?: ArgsOf<typeof teamDefaults>["checkboxMessage"];
    /** Layout of recordings. */
    recordingsLayoutMode?: ArgsOf<typeof teamDefaults>["recordingsLayoutMode"];
    /** Layout on join. */
    layoutModeOnJoin?: ArgsOf<typeof teamDefaults>["layoutModeOnJoin"];
    /** HTML page title, 3 to 255 characters. */
    htmlTitle?: ArgsOf<typeof teamDefaults>["htmlTitle"];
    /** Lobby message, 3 to 1000 characters. */
    lobbyMessage?: ArgsOf<typeof teamDefaults>["lobbyMessage"];
    /** Content library opened by default. */
    defaultContentLibrary?: ArgsOf<typeof teamDefaults>["defaultContentLibrary"];
    /** UUID of the content library. */
    libraryId?: ArgsOf<typeof teamDefaults>["libraryId"];
    /** Captions language. */
    captionsLanguage?: ArgsOf<typeof teamDefaults>["captionsLanguage"];
    /** Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service. */
    videoTileLayoutMode?: ArgsOf<typeof teamDefaults>["videoTileLayoutMode"];
    /** Top bar shown. */
    topbarEnabled?: ArgsOf<typeof teamDefaults>["topbarEnabled"];
    /** Picture-in-picture available (desktop Chrome, not in an embedded frame). */
    pipEnabled?: ArgsOf<typeof teamDefaults>["pipEnabled"];
    /** Picture-in-picture opens automatically on leaving the tab. */
    autoPipEnabled?: ArgsOf<typeof teamDefaults>["autoPipEnabled"];
    /** Toolbar shown. */
    toolbarEnabled?: ArgsOf<typeof teamDefaults>["toolbarEnabled"];
    /** Each user may change the UI language. */
    languageSelectionEnabled?: ArgsOf<typeof teamDefaults>["languageSelectionEnabled"];
    /** Emoji reactions available. */
    roomReactionsEnabled?: ArgsOf<typeof teamDefaults>["roomReactionsEnabled"];
    /** Emoji reactions on chat messages. */
    chatReactionsEnabled?: ArgsOf<typeof teamDefaults>["chatReactionsEnabled"];
    /** Expanded emoji set for chat reactions. */
    chatReactionsExtendedEnabled?: ArgsOf<typeof teamDefaults>["chatReactionsExtendedEnabled"];
    /** When false, users join muted. */
    audioOnJoinEnabled?: ArgsOf<typeof teamDefaults>["audioOnJoinEnabled"];
    /** When false, users join with the camera off. */
    videoOnJoinEnabled?: ArgsOf<typeof teamDefaults>["videoOnJoinEnabled"];
    /** Better stream quality on join; more uplink needed. */
    hdVideoOnJoinEnabled?: ArgsOf<typeof teamDefaults>["hdVideoOnJoinEnabled"];
    /** Audio autogain. */
    audioAutogainEnabled?: ArgsOf<typeof teamDefaults>["audioAutogainEnabled"];
    /** Background noise reduced. */
    audioNoiseSuppressionEnabled?: ArgsOf<typeof teamDefaults>["audioNoiseSuppressionEnabled"];
    /** Echo removed. */
    audioEchoCancellationEnabled?: ArgsOf<typeof teamDefaults>["audioEchoCancellationEnabled"];
    /** Participants may mute room sound locally. */
    muteSoundEnabled?: ArgsOf<typeof teamDefaults>["muteSoundEnabled"];
    /** Participants panel available. */
    participantsListEnabled?: ArgsOf<typeof teamDefaults>["participantsListEnabled"];
    /** Participants may pin a tile. */
    pinEnabled?: ArgsOf<typeof teamDefaults>["pinEnabled"];
    /** Tile full screen (not in auto layout). */
    fullScreenEnabled?: ArgsOf<typeof teamDefaults>["fullScreenEnabled"];
    /** Own tile can be minimised in tiled mode. */
    minimizeOwnTileEnabled?: ArgsOf<typeof teamDefaults>["minimizeOwnTileEnabled"];
    /** Own tile minimised on join. */
    minimizeOwnTileOnJoinEnabled?: ArgsOf<typeof teamDefaults>["minimizeOwnTileOnJoinEnabled"];
    /** End session button in the toolbar. */
    endSessionEnabled?: ArgsOf<typeof teamDefaults>["endSessionEnabled"];
    /** Leave session button in the toolbar. */
    leaveSessionEnabled?: ArgsOf<typeof teamDefaults>["leaveSessionEnabled"];
    /** Rejoin link after leaving. */
    rejoinSessionEnabled?: ArgsOf<typeof teamDefaults>["rejoinSessionEnabled"];
    /** Weak-connection notification. */
    connectionMessageEnabled?: ArgsOf<typeof teamDefaults>["connectionMessageEnabled"];
    /** Public chat. */
    chatEnabled?: ArgsOf<typeof teamDefaults>["chatEnabled"];
    /** One-to-one chat. */
    privateChatEnabled?: ArgsOf<typeof teamDefaults>["privateChatEnabled"];
    /** Private group chat. */
    privateGroupChatEnabled?: ArgsOf<typeof teamDefaults>["privateGroupChatEnabled"];
    /** Public chat of earlier sessions is kept and reloaded. */
    chatPersistenceEnabled?: ArgsOf<typeof teamDefaults>["chatPersistenceEnabled"];
    /** End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms. */
    e2eeEnabled?: ArgsOf<typeof teamDefaults>["e2eeEnabled"];
    /** Encryption badge shown. */
    e2eeBadgeEnabled?: ArgsOf<typeof teamDefaults>["e2eeBadgeEnabled"];
    /** Layout switcher shown. */
    layoutModeSwitchEnabled?: ArgsOf<typeof teamDefaults>["layoutModeSwitchEnabled"];
    /** Join and leave notifications. */
    simpleNotificationsEnabled?: ArgsOf<typeof teamDefaults>["simpleNotificationsEnabled"];
    /** Device test before joining. */
    joinScreenEnabled?: ArgsOf<typeof teamDefaults>["joinScreenEnabled"];
    /** Screen sharing (not on mobile). */
    screenshareEnabled?: ArgsOf<typeof teamDefaults>["screenshareEnabled"];
    /** Participants may record. */
    recordingsEnabled?: ArgsOf<typeof teamDefaults>["recordingsEnabled"];
    /** Recordings capture only audio and shared screens. */
    hideTilesInRecordingsEnabled?: ArgsOf<typeof teamDefaults>["hideTilesInRecordingsEnabled"];
    /** Logo in recordings. */
    recordingLogoEnabled?: ArgsOf<typeof teamDefaults>["recordingLogoEnabled"];
    /** Name badges in recordings. */
    participantNamesInRecordingsEnabled?: ArgsOf<typeof teamDefaults>["participantNamesInRecordingsEnabled"];
    /** Recording starts when the first participant joins. */
    recordingAutostartEnabled?: ArgsOf<typeof teamDefaults>["recordingAutostartEnabled"];
    /** Bookmarks during recording. */
    recordingBookmarksEnabled?: ArgsOf<typeof teamDefaults>["recordingBookmarksEnabled"];
    /** Breakout rooms are recorded automatically. */
    recordingBreakoutAutostartEnabled?: ArgsOf<typeof teamDefaults>["recordingBreakoutAutostartEnabled"];
    /** Recording consent reminder. */
    recordingConsentMessageEnabled?: ArgsOf<typeof teamDefaults>["recordingConsentMessageEnabled"];
    /** Transcription shown as subtitles in recordings. */
    captionsInRecordingsEnabled?: ArgsOf<typeof teamDefaults>["captionsInRecordingsEnabled"];
    /** Logo shown. */
    logoEnabled?: ArgsOf<typeof teamDefaults>["logoEnabled"];
    /** Virtual backgrounds on desktop. */
    virtualBackgroundsEnabled?: ArgsOf<typeof teamDefaults>["virtualBackgroundsEnabled"];
    /** New virtual background engine. */
    virtualBackgroundsV2Enabled?: ArgsOf<typeof teamDefaults>["virtualBackgroundsV2Enabled"];
    /** Raise hand. */
    raiseHandEnabled?: ArgsOf<typeof teamDefaults>["raiseHandEnabled"];
    /** Invite people button for permitted users. */
    inviteParticipantsEnabled?: ArgsOf<typeof teamDefaults>["inviteParticipantsEnabled"];
    /** Invite people UI by default. */
    inviteParticipantsAdvancedEnabled?: ArgsOf<typeof teamDefaults>["inviteParticipantsAdvancedEnabled"];
    /** Whiteboard; incompatible with E2EE. */
    whiteboardEnabled?: ArgsOf<typeof teamDefaults>["whiteboardEnabled"];
    /** Questions and answers. */
    qaEnabled?: ArgsOf<typeof teamDefaults>["qaEnabled"];
    /** Upvoting of questions. */
    upvoteQaEnabled?: ArgsOf<typeof teamDefaults>["upvoteQaEnabled"];
    /** Shared notes panel. */
    sharedNotesEnabled?: ArgsOf<typeof teamDefaults>["sharedNotesEnabled"];
    /** Polls. */
    pollsEnabled?: ArgsOf<typeof teamDefaults>["pollsEnabled"];
    /** Repeated text watermark. */
    watermarkEnabled?: ArgsOf<typeof teamDefaults>["watermarkEnabled"];
    /** Join consent reminder. */
    consentMessageEnabled?: ArgsOf<typeof teamDefaults>["consentMessageEnabled"];
    /** Sound when someone enters the lobby. */
    lobbySoundEnabled?: ArgsOf<typeof teamDefaults>["lobbySoundEnabled"];
    /** Content library component. */
    contentLibraryEnabled?: ArgsOf<typeof teamDefaults>["contentLibraryEnabled"];
    /** Speech transcribed; incompatible with E2EE. */
    transcriptionEnabled?: ArgsOf<typeof teamDefaults>["transcriptionEnabled"];
    /** Transcription starts when the first participant joins. */
    transcriptionAutoStartEnabled?: ArgsOf<typeof teamDefaults>["transcriptionAutoStartEnabled"];
    /** Participants may toggle captions. */
    captionsEnabled?: ArgsOf<typeof teamDefaults>["captionsEnabled"];
    /** Team name used in room addresses; changing it changes every room's URL. */
    domain?: ArgsOf<typeof teamDefaults>["domain"];
    /** Favicon: an image URL or a base64-encoded file (read back as a URL). */
    favicon?: ArgsOf<typeof teamDefaults>["favicon"];
    /** On destroy, put back the values the managed settings had before Pulumi took them over. When omitted: `true`. */
    restoreOnDestroy?: ArgsOf<typeof teamDefaults>["restoreOnDestroy"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. When omitted: Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: ArgsOf<typeof teamDefaults>["connection"];
}

/** The outputs of a `TeamDefaults`. */
export interface TeamDefaultsOutputs extends OutputsOf<TeamDefaultsState> {
    /** Locked rooms require acceptance to join. Single-role rooms cannot be locked on join. */
    readonly isLocked: OutputsOf<TeamDefaultsState>["isLocked"];
    /** Role id or name for participants who join with no token, or with a token without a role. */
    readonly defaultRole: OutputsOf<TeamDefaultsState>["defaultRole"];
    /** Role ids or names; the order given is the order in the Participants panel. */
    readonly roles: OutputsOf<TeamDefaultsState>["roles"];
    /** Session length in minutes, 1 to 1440; null or an empty string means unlimited. */
    readonly sessionLength: OutputsOf<TeamDefaultsState>["sessionLength"];
    /** Where the toolbar sits. */
    readonly toolbarPosition: OutputsOf<TeamDefaultsState>["toolbarPosition"];
    /** Toolbar colour, a hex colour code. */
    readonly toolbarColor: OutputsOf<TeamDefaultsState>["toolbarColor"];
    /** Primary colour, a hex colour code. */
    readonly primaryColor: OutputsOf<TeamDefaultsState>["primaryColor"];
    /** Background colour, a hex colour code. */
    readonly backgroundColor: OutputsOf<TeamDefaultsState>["backgroundColor"];
    /** Light or dark palette. */
    readonly paletteMode: OutputsOf<TeamDefaultsState>["paletteMode"];
    /** Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse. */
    readonly language: OutputsOf<TeamDefaultsState>["language"];
    /** Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room. */
    readonly languages: OutputsOf<TeamDefaultsState>["languages"];
    /** HD video quality: resolution_megabits. */
    readonly hdVideoQuality: OutputsOf<TeamDefaultsState>["hdVideoQuality"];
    /** Audio bitrate in kbit/s, as a string. */
    readonly audioQuality: OutputsOf<TeamDefaultsState>["audioQuality"];
    /** Name of the private group chat, at least 3 characters. */
    readonly privateGroupChatName: OutputsOf<TeamDefaultsState>["privateGroupChatName"];
    /** Role ids or names that see the private group chat. */
    readonly privateGroupChatRoles: OutputsOf<TeamDefaultsState>["privateGroupChatRoles"];
    /** Custom logo: an image URL or a base64-encoded file (read back as a URL). */
    readonly customLogo: OutputsOf<TeamDefaultsState>["customLogo"];
    /** Application logo: an image URL or a base64-encoded file (read back as a URL). */
    readonly applicationLogo: OutputsOf<TeamDefaultsState>["applicationLogo"];
    /** Default filter of the Q&A panel. */
    readonly qaDefaultFilter: OutputsOf<TeamDefaultsState>["qaDefaultFilter"];
    /** Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation. */
    readonly watermarkText: OutputsOf<TeamDefaultsState>["watermarkText"];
    /** Generic or custom consent message. */
    readonly consentMessageType: OutputsOf<TeamDefaultsState>["consentMessageType"];
    /** Consent text; may contain `[link <url>]label[/link]`. */
    readonly consentMessage: OutputsOf<TeamDefaultsState>["consentMessage"];
    /** Text of the do-not-show-again checkbox. */
    readonly checkboxMessage: OutputsOf<TeamDefaultsState>["checkboxMessage"];
    /** Layout of recordings. */
    readonly recordingsLayoutMode: OutputsOf<TeamDefaultsState>["recordingsLayoutMode"];
    /** Layout on join. */
    readonly layoutModeOnJoin: OutputsOf<TeamDefaultsState>["layoutModeOnJoin"];
    /** HTML page title, 3 to 255 characters. */
    readonly htmlTitle: OutputsOf<TeamDefaultsState>["htmlTitle"];
    /** Lobby message, 3 to 1000 characters. */
    readonly lobbyMessage: OutputsOf<TeamDefaultsState>["lobbyMessage"];
    /** Content library opened by default. */
    readonly defaultContentLibrary: OutputsOf<TeamDefaultsState>["defaultContentLibrary"];
    /** UUID of the content library. */
    readonly libraryId: OutputsOf<TeamDefaultsState>["libraryId"];
    /** Captions language. */
    readonly captionsLanguage: OutputsOf<TeamDefaultsState>["captionsLanguage"];
    /** Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service. */
    readonly videoTileLayoutMode: OutputsOf<TeamDefaultsState>["videoTileLayoutMode"];
    /** Top bar shown. */
    readonly topbarEnabled: OutputsOf<TeamDefaultsState>["topbarEnabled"];
    /** Picture-in-picture available (desktop Chrome, not in an embedded frame). */
    readonly pipEnabled: OutputsOf<TeamDefaultsState>["pipEnabled"];
    /** Picture-in-picture opens automatically on leaving the tab. */
    readonly autoPipEnabled: OutputsOf<TeamDefaultsState>["autoPipEnabled"];
    /** Toolbar shown. */
    readonly toolbarEnabled: OutputsOf<TeamDefaultsState>["toolbarEnabled"];
    /** Each user may change the UI language. */
    readonly languageSelectionEnabled: OutputsOf<TeamDefaultsState>["languageSelectionEnabled"];
    /** Emoji reactions available. */
    readonly roomReactionsEnabled: OutputsOf<TeamDefaultsState>["roomReactionsEnabled"];
    /** Emoji reactions on chat messages. */
    readonly chatReactionsEnabled: OutputsOf<TeamDefaultsState>["chatReactionsEnabled"];
    /** Expanded emoji set for chat reactions. */
    readonly chatReactionsExtendedEnabled: OutputsOf<TeamDefaultsState>["chatReactionsExtendedEnabled"];
    /** When false, users join muted. */
    readonly audioOnJoinEnabled: OutputsOf<TeamDefaultsState>["audioOnJoinEnabled"];
    /** When false, users join with the camera off. */
    readonly videoOnJoinEnabled: OutputsOf<TeamDefaultsState>["videoOnJoinEnabled"];
    /** Better stream quality on join; more uplink needed. */
    readonly hdVideoOnJoinEnabled: OutputsOf<TeamDefaultsState>["hdVideoOnJoinEnabled"];
    /** Audio autogain. */
    readonly audioAutogainEnabled: OutputsOf<TeamDefaultsState>["audioAutogainEnabled"];
    /** Background noise reduced. */
    readonly audioNoiseSuppressionEnabled: OutputsOf<TeamDefaultsState>["audioNoiseSuppressionEnabled"];
    /** Echo removed. */
    readonly audioEchoCancellationEnabled: OutputsOf<TeamDefaultsState>["audioEchoCancellationEnabled"];
    /** Participants may mute room sound locally. */
    readonly muteSoundEnabled: OutputsOf<TeamDefaultsState>["muteSoundEnabled"];
    /** Participants panel available. */
    readonly participantsListEnabled: OutputsOf<TeamDefaultsState>["participantsListEnabled"];
    /** Participants may pin a tile. */
    readonly pinEnabled: OutputsOf<TeamDefaultsState>["pinEnabled"];
    /** Tile full screen (not in auto layout). */
    readonly fullScreenEnabled: OutputsOf<TeamDefaultsState>["fullScreenEnabled"];
    /** Own tile can be minimised in tiled mode. */
    readonly minimizeOwnTileEnabled: OutputsOf<TeamDefaultsState>["minimizeOwnTileEnabled"];
    /** Own tile minimised on join. */
    readonly minimizeOwnTileOnJoinEnabled: OutputsOf<TeamDefaultsState>["minimizeOwnTileOnJoinEnabled"];
    /** End session button in the toolbar. */
    readonly endSessionEnabled: OutputsOf<TeamDefaultsState>["endSessionEnabled"];
    /** Leave session button in the toolbar. */
    readonly leaveSessionEnabled: OutputsOf<TeamDefaultsState>["leaveSessionEnabled"];
    /** Rejoin link after leaving. */
    readonly rejoinSessionEnabled: OutputsOf<TeamDefaultsState>["rejoinSessionEnabled"];
    /** Weak-connection notification. */
    readonly connectionMessageEnabled: OutputsOf<TeamDefaultsState>["connectionMessageEnabled"];
    /** Public chat. */
    readonly chatEnabled: OutputsOf<TeamDefaultsState>["chatEnabled"];
    /** One-to-one chat. */
    readonly privateChatEnabled: OutputsOf<TeamDefaultsState>["privateChatEnabled"];
    /** Private group chat. */
    readonly privateGroupChatEnabled: OutputsOf<TeamDefaultsState>["privateGroupChatEnabled"];
    /** Public chat of earlier sessions is kept and reloaded. */
    readonly chatPersistenceEnabled: OutputsOf<TeamDefaultsState>["chatPersistenceEnabled"];
    /** End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms. */
    readonly e2eeEnabled: OutputsOf<TeamDefaultsState>["e2eeEnabled"];
    /** Encryption badge shown. */
    readonly e2eeBadgeEnabled: OutputsOf<TeamDefaultsState>["e2eeBadgeEnabled"];
    /** Layout switcher shown. */
    readonly layoutModeSwitchEnabled: OutputsOf<TeamDefaultsState>["layoutModeSwitchEnabled"];
    /** Join and leave notifications. */
    readonly simpleNotificationsEnabled: OutputsOf<TeamDefaultsState>["simpleNotificationsEnabled"];
    /** Device test before joining. */
    readonly joinScreenEnabled: OutputsOf<TeamDefaultsState>["joinScreenEnabled"];
    /** Screen sharing (not on mobile). */
    readonly screenshareEnabled: OutputsOf<TeamDefaultsState>["screenshareEnabled"];
    /** Participants may record. */
    readonly recordingsEnabled: OutputsOf<TeamDefaultsState>["recordingsEnabled"];
    /** Recordings capture only audio and shared screens. */
    readonly hideTilesInRecordingsEnabled: OutputsOf<TeamDefaultsState>["hideTilesInRecordingsEnabled"];
    /** Logo in recordings. */
    readonly recordingLogoEnabled: OutputsOf<TeamDefaultsState>["recordingLogoEnabled"];
    /** Name badges in recordings. */
    readonly participantNamesInRecordingsEnabled: OutputsOf<TeamDefaultsState>["participantNamesInRecordingsEnabled"];
    /** Recording starts when the first participant joins. */
    readonly recordingAutostartEnabled: OutputsOf<TeamDefaultsState>["recordingAutostartEnabled"];
    /** Bookmarks during recording. */
    readonly recordingBookmarksEnabled: OutputsOf<TeamDefaultsState>["recordingBookmarksEnabled"];
    /** Breakout rooms are recorded automatically. */
    readonly recordingBreakoutAutostartEnabled: OutputsOf<TeamDefaultsState>["recordingBreakoutAutostartEnabled"];
    /** Recording consent reminder. */
    readonly recordingConsentMessageEnabled: OutputsOf<TeamDefaultsState>["recordingConsentMessageEnabled"];
    /** Transcription shown as subtitles in recordings. */
    readonly captionsInRecordingsEnabled: OutputsOf<TeamDefaultsState>["captionsInRecordingsEnabled"];
    /** Logo shown. */
    readonly logoEnabled: OutputsOf<TeamDefaultsState>["logoEnabled"];
    /** Virtual backgrounds on desktop. */
    readonly virtualBackgroundsEnabled: OutputsOf<TeamDefaultsState>["virtualBackgroundsEnabled"];
    /** New virtual background engine. */
    readonly virtualBackgroundsV2Enabled: OutputsOf<TeamDefaultsState>["virtualBackgroundsV2Enabled"];
    /** Raise hand. */
    readonly raiseHandEnabled: OutputsOf<TeamDefaultsState>["raiseHandEnabled"];
    /** Invite people button for permitted users. */
    readonly inviteParticipantsEnabled: OutputsOf<TeamDefaultsState>["inviteParticipantsEnabled"];
    /** Invite people UI by default. */
    readonly inviteParticipantsAdvancedEnabled: OutputsOf<TeamDefaultsState>["inviteParticipantsAdvancedEnabled"];
    /** Whiteboard; incompatible with E2EE. */
    readonly whiteboardEnabled: OutputsOf<TeamDefaultsState>["whiteboardEnabled"];
    /** Questions and answers. */
    readonly qaEnabled: OutputsOf<TeamDefaultsState>["qaEnabled"];
    /** Upvoting of questions. */
    readonly upvoteQaEnabled: OutputsOf<TeamDefaultsState>["upvoteQaEnabled"];
    /** Shared notes panel. */
    readonly sharedNotesEnabled: OutputsOf<TeamDefaultsState>["sharedNotesEnabled"];
    /** Polls. */
    readonly pollsEnabled: OutputsOf<TeamDefaultsState>["pollsEnabled"];
    /** Repeated text watermark. */
    readonly watermarkEnabled: OutputsOf<TeamDefaultsState>["watermarkEnabled"];
    /** Join consent reminder. */
    readonly consentMessageEnabled: OutputsOf<TeamDefaultsState>["consentMessageEnabled"];
    /** Sound when someone enters the lobby. */
    readonly lobbySoundEnabled: OutputsOf<TeamDefaultsState>["lobbySoundEnabled"];
    /** Content library component. */
    readonly contentLibraryEnabled: OutputsOf<TeamDefaultsState>["contentLibraryEnabled"];
    /** Speech transcribed; incompatible with E2EE. */
    readonly transcriptionEnabled: OutputsOf<TeamDefaultsState>["transcriptionEnabled"];
    /** Transcription starts when the first participant joins. */
    readonly transcriptionAutoStartEnabled: OutputsOf<TeamDefaultsState>["transcriptionAutoStartEnabled"];
    /** Participants may toggle captions. */
    readonly captionsEnabled: OutputsOf<TeamDefaultsState>["captionsEnabled"];
    /** Team name used in room addresses; changing it changes every room's URL. */
    readonly domain: OutputsOf<TeamDefaultsState>["domain"];
    /** Favicon: an image URL or a base64-encoded file (read back as a URL). */
    readonly favicon: OutputsOf<TeamDefaultsState>["favicon"];
    /** The team owner's user id. */
    readonly ownerId: OutputsOf<TeamDefaultsState>["ownerId"];
    /** The team's custom domain name, if any. */
    readonly customCname: OutputsOf<TeamDefaultsState>["customCname"];
    /** The plan's maximum participants per room. */
    readonly maxParticipants: OutputsOf<TeamDefaultsState>["maxParticipants"];
    /** The plan's maximum concurrent sessions. */
    readonly maxSessions: OutputsOf<TeamDefaultsState>["maxSessions"];
    /** Start of the subscription period. */
    readonly subscriptionStart: OutputsOf<TeamDefaultsState>["subscriptionStart"];
    /** End of the subscription period. */
    readonly subscriptionEnd: OutputsOf<TeamDefaultsState>["subscriptionEnd"];
    /** Participation minutes used in the subscription period. */
    readonly usedParticipationMinutes: OutputsOf<TeamDefaultsState>["usedParticipationMinutes"];
}

/** The arguments of a `JoinToken`. */
export interface JoinTokenArgs {
    /** The room, usually a `Room`'s `id`. Required. */
    room: ArgsOf<typeof joinToken>["room"];
    /** The participant's name (claim `u`). When omitted: The participant is asked for a name. */
    userName?: ArgsOf<typeof joinToken>["userName"];
    /** An external user identifier (claim `ud`). When omitted: No `ud` claim. */
    userId?: ArgsOf<typeof joinToken>["userId"];
    /** Custom initials for the participant's tile. When omitted: No custom initials. */
    initials?: ArgsOf<typeof joinToken>["initials"];
    /** The participant's role. When omitted: The room's default role applies. */
    role?: ArgsOf<typeof joinToken>["role"];
    /** A breakout room to join. When omitted: No breakout room named in the token. */
    breakoutId?: ArgsOf<typeof joinToken>["breakoutId"];
    /** The participant's avatar image. When omitted: No avatar. */
    avatar?: ArgsOf<typeof joinToken>["avatar"];
    /** When the token becomes valid. When omitted: Valid from issue. */
    notBefore?: ArgsOf<typeof joinToken>["notBefore"];
    /** When the token expires. Minutes are fixed to an absolute time when the token is issued (the `expiresAt` output), so an unchanged program does not issue a new token. When omitted: The token never expires and never rotates. */
    expiresAt?: ArgsOf<typeof joinToken>["expiresAt"];
    /** Rotate the token this long before it expires: a token that has expired, or is within `renewBefore` of expiring by the API's clock, shows as a replacement at the next preview and is issued anew at the next up. When omitted: Issued anew only once it has expired. */
    renewBefore?: ArgsOf<typeof joinToken>["renewBefore"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. When omitted: Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: ArgsOf<typeof joinToken>["connection"];
}

/** The outputs of a `JoinToken`. */
export interface JoinTokenOutputs extends OutputsOf<JoinTokenState> {
    /** The signed join token (HS256). Always secret. */
    readonly token: OutputsOf<JoinTokenState>["token"];
    /** The room address carrying the token as its `token` query parameter. Always secret. */
    readonly link: OutputsOf<JoinTokenState>["link"];
    /** The team UUID (claim `td`). */
    readonly teamId: OutputsOf<JoinTokenState>["teamId"];
    /** The room UUID (claim `rd`). */
    readonly roomId: OutputsOf<JoinTokenState>["roomId"];
    /** When the API issued the token (claim `iat`). */
    readonly issuedAt: OutputsOf<JoinTokenState>["issuedAt"];
    /** When the token becomes valid (claim `nbf`); absent when not set. */
    readonly notBefore: OutputsOf<JoinTokenState>["notBefore"];
    /** When the token expires (claim `exp`); absent when it never expires. */
    readonly expiresAt: OutputsOf<JoinTokenState>["expiresAt"];
}

/** The arguments of a `RoomContentPurge`. */
export interface RoomContentPurgeArgs {
    /** The room, usually a `Room`'s `id`. A change to another room purges that room; a change that names the same room (its friendly URL after a rename, or its UUID) is no change. Required. */
    room: ArgsOf<typeof roomContentPurge>["room"];
    /** The kinds of content to delete. A change purges again. When omitted: Every kind. */
    kinds?: ArgsOf<typeof roomContentPurge>["kinds"];
    /** When they change, the purge runs again (as the command provider's triggers). When omitted: It runs again only when `room` or `kinds` change. */
    triggers?: ArgsOf<typeof roomContentPurge>["triggers"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. When omitted: Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: ArgsOf<typeof roomContentPurge>["connection"];
}

/** The outputs of a `RoomContentPurge`. */
export interface RoomContentPurgeOutputs extends OutputsOf<RoomContentPurgeState> {
    /** The kinds deleted by the last run. */
    readonly purged: OutputsOf<RoomContentPurgeState>["purged"];
    /** The room's UUID, resolved when the purge ran: the purge follows this room, whatever its friendly URL becomes. Absent for a purge run by a release before it was kept. */
    readonly roomId: OutputsOf<RoomContentPurgeState>["roomId"];
}

/** The arguments of `getTeamDefaults`. */
export interface GetTeamDefaultsArgs {
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getTeamDefaults">["connection"];
}
/** The documentation of `getTeamDefaults`'s result fields (the types are `GetTeamDefaultsResult`'s). */
export interface GetTeamDefaultsResultDocs {
    /** The record's id. */
    id?: unknown;
    /** Locked rooms require acceptance to join. Single-role rooms cannot be locked on join. */
    isLocked?: unknown;
    /** Role id or name for participants who join with no token, or with a token without a role. */
    defaultRole?: unknown;
    /** Role ids or names; the order given is the order in the Participants panel. */
    roles?: unknown;
    /** Session length in minutes, 1 to 1440; null or an empty string means unlimited. */
    sessionLength?: unknown;
    /** Where the toolbar sits. */
    toolbarPosition?: unknown;
    /** Toolbar colour, a hex colour code. */
    toolbarColor?: unknown;
    /** Primary colour, a hex colour code. */
    primaryColor?: unknown;
    /** Background colour, a hex colour code. */
    backgroundColor?: unknown;
    /** Light or dark palette. */
    paletteMode?: unknown;
    /** Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse. */
    language?: unknown;
    /** Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room. */
    languages?: unknown;
    /** HD video quality: resolution_megabits. */
    hdVideoQuality?: unknown;
    /** Audio bitrate in kbit/s, as a string. */
    audioQuality?: unknown;
    /** Name of the private group chat, at least 3 characters. */
    privateGroupChatName?: unknown;
    /** Role ids or names that see the private group chat. */
    privateGroupChatRoles?: unknown;
    /** Custom logo: an image URL or a base64-encoded file (read back as a URL). */
    customLogo?: unknown;
    /** Application logo: an image URL or a base64-encoded file (read back as a URL). */
    applicationLogo?: unknown;
    /** Default filter of the Q&A panel. */
    qaDefaultFilter?: unknown;
    /** Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation. */
    watermarkText?: unknown;
    /** Generic or custom consent message. */
    consentMessageType?: unknown;
    /** Consent text; may contain `[link <url>]label[/link]`. */
    consentMessage?: unknown;
    /** Text of the do-not-show-again checkbox. */
    checkboxMessage?: unknown;
    /** Layout of recordings. */
    recordingsLayoutMode?: unknown;
    /** Layout on join. */
    layoutModeOnJoin?: unknown;
    /** HTML page title, 3 to 255 characters. */
    htmlTitle?: unknown;
    /** Lobby message, 3 to 1000 characters. */
    lobbyMessage?: unknown;
    /** Content library opened by default. */
    defaultContentLibrary?: unknown;
    /** UUID of the content library. */
    libraryId?: unknown;
    /** Captions language. */
    captionsLanguage?: unknown;
    /** Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service. */
    videoTileLayoutMode?: unknown;
    /** Top bar shown. */
    topbarEnabled?: unknown;
    /** Picture-in-picture available (desktop Chrome, not in an embedded frame). */
    pipEnabled?: unknown;
    /** Picture-in-picture opens automatically on leaving the tab. */
    autoPipEnabled?: unknown;
    /** Toolbar shown. */
    toolbarEnabled?: unknown;
    /** Each user may change the UI language. */
    languageSelectionEnabled?: unknown;
    /** Emoji reactions available. */
    roomReactionsEnabled?: unknown;
    /** Emoji reactions on chat messages. */
    chatReactionsEnabled?: unknown;
    /** Expanded emoji set for chat reactions. */
    chatReactionsExtendedEnabled?: unknown;
    /** When false, users join muted. */
    audioOnJoinEnabled?: unknown;
    /** When false, users join with the camera off. */
    videoOnJoinEnabled?: unknown;
    /** Better stream quality on join; more uplink needed. */
    hdVideoOnJoinEnabled?: unknown;
    /** Audio autogain. */
    audioAutogainEnabled?: unknown;
    /** Background noise reduced. */
    audioNoiseSuppressionEnabled?: unknown;
    /** Echo removed. */
    audioEchoCancellationEnabled?: unknown;
    /** Participants may mute room sound locally. */
    muteSoundEnabled?: unknown;
    /** Participants panel available. */
    participantsListEnabled?: unknown;
    /** Participants may pin a tile. */
    pinEnabled?: unknown;
    /** Tile full screen (not in auto layout). */
    fullScreenEnabled?: unknown;
    /** Own tile can be minimised in tiled mode. */
    minimizeOwnTileEnabled?: unknown;
    /** Own tile minimised on join. */
    minimizeOwnTileOnJoinEnabled?: unknown;
    /** End session button in the toolbar. */
    endSessionEnabled?: unknown;
    /** Leave session button in the toolbar. */
    leaveSessionEnabled?: unknown;
    /** Rejoin link after leaving. */
    rejoinSessionEnabled?: unknown;
    /** Weak-connection notification. */
    connectionMessageEnabled?: unknown;
    /** Public chat. */
    chatEnabled?: unknown;
    /** One-to-one chat. */
    privateChatEnabled?: unknown;
    /** Private group chat. */
    privateGroupChatEnabled?: unknown;
    /** Public chat of earlier sessions is kept and reloaded. */
    chatPersistenceEnabled?: unknown;
    /** End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms. */
    e2eeEnabled?: unknown;
    /** Encryption badge shown. */
    e2eeBadgeEnabled?: unknown;
    /** Layout switcher shown. */
    layoutModeSwitchEnabled?: unknown;
    /** Join and leave notifications. */
    simpleNotificationsEnabled?: unknown;
    /** Device test before joining. */
    joinScreenEnabled?: unknown;
    /** Screen sharing (not on mobile). */
    screenshareEnabled?: unknown;
    /** Participants may record. */
    recordingsEnabled?: unknown;
    /** Recordings capture only audio and shared screens. */
    hideTilesInRecordingsEnabled?: unknown;
    /** Logo in recordings. */
    recordingLogoEnabled?: unknown;
    /** Name badges in recordings. */
    participantNamesInRecordingsEnabled?: unknown;
    /** Recording starts when the first participant joins. */
    recordingAutostartEnabled?: unknown;
    /** Bookmarks during recording. */
    recordingBookmarksEnabled?: unknown;
    /** Breakout rooms are recorded automatically. */
    recordingBreakoutAutostartEnabled?: unknown;
    /** Recording consent reminder. */
    recordingConsentMessageEnabled?: unknown;
    /** Transcription shown as subtitles in recordings. */
    captionsInRecordingsEnabled?: unknown;
    /** Logo shown. */
    logoEnabled?: unknown;
    /** Virtual backgrounds on desktop. */
    virtualBackgroundsEnabled?: unknown;
    /** New virtual background engine. */
    virtualBackgroundsV2Enabled?: unknown;
    /** Raise hand. */
    raiseHandEnabled?: unknown;
    /** Invite people button for permitted users. */
    inviteParticipantsEnabled?: unknown;
    /** Invite people UI by default. */
    inviteParticipantsAdvancedEnabled?: unknown;
    /** Whiteboard; incompatible with E2EE. */
    whiteboardEnabled?: unknown;
    /** Questions and answers. */
    qaEnabled?: unknown;
    /** Upvoting of questions. */
    upvoteQaEnabled?: unknown;
    /** Shared notes panel. */
    sharedNotesEnabled?: unknown;
    /** Polls. */
    pollsEnabled?: unknown;
    /** Repeated text watermark. */
    watermarkEnabled?: unknown;
    /** Join consent reminder. */
    consentMessageEnabled?: unknown;
    /** Sound when someone enters the lobby. */
    lobbySoundEnabled?: unknown;
    /** Content library component. */
    contentLibraryEnabled?: unknown;
    /** Speech transcribed; incompatible with E2EE. */
    transcriptionEnabled?: unknown;
    /** Transcription starts when the first participant joins. */
    transcriptionAutoStartEnabled?: unknown;
    /** Participants may toggle captions. */
    captionsEnabled?: unknown;
    /** Team name used in room addresses; changing it changes every room's URL. */
    domain?: unknown;
    /** Favicon: an image URL or a base64-encoded file (read back as a URL). */
    favicon?: unknown;
    /** The team owner's user id. Format: UUID. */
    ownerId?: unknown;
    /** The team's custom domain name, if any. */
    customCname?: unknown;
    /** The plan's maximum participants per room. */
    maxParticipants?: unknown;
    /** The plan's maximum concurrent sessions. */
    maxSessions?: unknown;
    /** Start of the subscription period. Format: `YYYY-MM-DD hh:mm:ss`. */
    subscriptionStart?: unknown;
    /** End of the subscription period. Format: `YYYY-MM-DD hh:mm:ss`. */
    subscriptionEnd?: unknown;
    /** Participation minutes used in the subscription period. */
    usedParticipationMinutes?: unknown;
}
/** The result of `getTeamDefaults` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetTeamDefaultsResult = WithSecrets<FunctionResult<"getTeamDefaults">> & GetTeamDefaultsResultDocs;
/** The team's default room settings and subscription. Reads GET /. */
export const getTeamDefaults = (args: GetTeamDefaultsArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetTeamDefaultsResult> => invoke("getTeamDefaults", args, opts);
/** The team's default room settings and subscription. Reads GET /. As an Output, from arguments that may be Outputs. */
export const getTeamDefaultsOutput = (args: InputArgs<GetTeamDefaultsArgs> = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTeamDefaultsResult> => outputOf("getTeamDefaults", args, opts);

/** The arguments of `getRoom`. */
export interface GetRoomArgs {
    /** The room: its UUID or friendly URL. */
    room: FunctionArgs<"getRoom">["room"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRoom">["connection"];
}
/** The documentation of `getRoom`'s result fields (the types are `GetRoomResult`'s). */
export interface GetRoomResultDocs {
    /** The record's id. */
    id?: unknown;
    /** Locked rooms require acceptance to join. Single-role rooms cannot be locked on join. */
    isLocked?: unknown;
    /** Role id or name for participants who join with no token, or with a token without a role. */
    defaultRole?: unknown;
    /** Role ids or names; the order given is the order in the Participants panel. */
    roles?: unknown;
    /** Session length in minutes, 1 to 1440; null or an empty string means unlimited. */
    sessionLength?: unknown;
    /** Where the toolbar sits. */
    toolbarPosition?: unknown;
    /** Toolbar colour, a hex colour code. */
    toolbarColor?: unknown;
    /** Primary colour, a hex colour code. */
    primaryColor?: unknown;
    /** Background colour, a hex colour code. */
    backgroundColor?: unknown;
    /** Light or dark palette. */
    paletteMode?: unknown;
    /** Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse. */
    language?: unknown;
    /** Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room. */
    languages?: unknown;
    /** HD video quality: resolution_megabits. */
    hdVideoQuality?: unknown;
    /** Audio bitrate in kbit/s, as a string. */
    audioQuality?: unknown;
    /** Name of the private group chat, at least 3 characters. */
    privateGroupChatName?: unknown;
    /** Role ids or names that see the private group chat. */
    privateGroupChatRoles?: unknown;
    /** Custom logo: an image URL or a base64-encoded file (read back as a URL). */
    customLogo?: unknown;
    /** Application logo: an image URL or a base64-encoded file (read back as a URL). */
    applicationLogo?: unknown;
    /** Default filter of the Q&A panel. */
    qaDefaultFilter?: unknown;
    /** Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation. */
    watermarkText?: unknown;
    /** Generic or custom consent message. */
    consentMessageType?: unknown;
    /** Consent text; may contain `[link <url>]label[/link]`. */
    consentMessage?: unknown;
    /** Text of the do-not-show-again checkbox. */
    checkboxMessage?: unknown;
    /** Layout of recordings. */
    recordingsLayoutMode?: unknown;
    /** Layout on join. */
    layoutModeOnJoin?: unknown;
    /** HTML page title, 3 to 255 characters. */
    htmlTitle?: unknown;
    /** Lobby message, 3 to 1000 characters. */
    lobbyMessage?: unknown;
    /** Content library opened by default. */
    defaultContentLibrary?: unknown;
    /** UUID of the content library. */
    libraryId?: unknown;
    /** Captions language. */
    captionsLanguage?: unknown;
    /** Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service. */
    videoTileLayoutMode?: unknown;
    /** Top bar shown. */
    topbarEnabled?: unknown;
    /** Picture-in-picture available (desktop Chrome, not in an embedded frame). */
    pipEnabled?: unknown;
    /** Picture-in-picture opens automatically on leaving the tab. */
    autoPipEnabled?: unknown;
    /** Toolbar shown. */
    toolbarEnabled?: unknown;
    /** Each user may change the UI language. */
    languageSelectionEnabled?: unknown;
    /** Emoji reactions available. */
    roomReactionsEnabled?: unknown;
    /** Emoji reactions on chat messages. */
    chatReactionsEnabled?: unknown;
    /** Expanded emoji set for chat reactions. */
    chatReactionsExtendedEnabled?: unknown;
    /** When false, users join muted. */
    audioOnJoinEnabled?: unknown;
    /** When false, users join with the camera off. */
    videoOnJoinEnabled?: unknown;
    /** Better stream quality on join; more uplink needed. */
    hdVideoOnJoinEnabled?: unknown;
    /** Audio autogain. */
    audioAutogainEnabled?: unknown;
    /** Background noise reduced. */
    audioNoiseSuppressionEnabled?: unknown;
    /** Echo removed. */
    audioEchoCancellationEnabled?: unknown;
    /** Participants may mute room sound locally. */
    muteSoundEnabled?: unknown;
    /** Participants panel available. */
    participantsListEnabled?: unknown;
    /** Participants may pin a tile. */
    pinEnabled?: unknown;
    /** Tile full screen (not in auto layout). */
    fullScreenEnabled?: unknown;
    /** Own tile can be minimised in tiled mode. */
    minimizeOwnTileEnabled?: unknown;
    /** Own tile minimised on join. */
    minimizeOwnTileOnJoinEnabled?: unknown;
    /** End session button in the toolbar. */
    endSessionEnabled?: unknown;
    /** Leave session button in the toolbar. */
    leaveSessionEnabled?: unknown;
    /** Rejoin link after leaving. */
    rejoinSessionEnabled?: unknown;
    /** Weak-connection notification. */
    connectionMessageEnabled?: unknown;
    /** Public chat. */
    chatEnabled?: unknown;
    /** One-to-one chat. */
    privateChatEnabled?: unknown;
    /** Private group chat. */
    privateGroupChatEnabled?: unknown;
    /** Public chat of earlier sessions is kept and reloaded. */
    chatPersistenceEnabled?: unknown;
    /** End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms. */
    e2eeEnabled?: unknown;
    /** Encryption badge shown. */
    e2eeBadgeEnabled?: unknown;
    /** Layout switcher shown. */
    layoutModeSwitchEnabled?: unknown;
    /** Join and leave notifications. */
    simpleNotificationsEnabled?: unknown;
    /** Device test before joining. */
    joinScreenEnabled?: unknown;
    /** Screen sharing (not on mobile). */
    screenshareEnabled?: unknown;
    /** Participants may record. */
    recordingsEnabled?: unknown;
    /** Recordings capture only audio and shared screens. */
    hideTilesInRecordingsEnabled?: unknown;
    /** Logo in recordings. */
    recordingLogoEnabled?: unknown;
    /** Name badges in recordings. */
    participantNamesInRecordingsEnabled?: unknown;
    /** Recording starts when the first participant joins. */
    recordingAutostartEnabled?: unknown;
    /** Bookmarks during recording. */
    recordingBookmarksEnabled?: unknown;
    /** Breakout rooms are recorded automatically. */
    recordingBreakoutAutostartEnabled?: unknown;
    /** Recording consent reminder. */
    recordingConsentMessageEnabled?: unknown;
    /** Transcription shown as subtitles in recordings. */
    captionsInRecordingsEnabled?: unknown;
    /** Logo shown. */
    logoEnabled?: unknown;
    /** Virtual backgrounds on desktop. */
    virtualBackgroundsEnabled?: unknown;
    /** New virtual background engine. */
    virtualBackgroundsV2Enabled?: unknown;
    /** Raise hand. */
    raiseHandEnabled?: unknown;
    /** Invite people button for permitted users. */
    inviteParticipantsEnabled?: unknown;
    /** Invite people UI by default. */
    inviteParticipantsAdvancedEnabled?: unknown;
    /** Whiteboard; incompatible with E2EE. */
    whiteboardEnabled?: unknown;
    /** Questions and answers. */
    qaEnabled?: unknown;
    /** Upvoting of questions. */
    upvoteQaEnabled?: unknown;
    /** Shared notes panel. */
    sharedNotesEnabled?: unknown;
    /** Polls. */
    pollsEnabled?: unknown;
    /** Repeated text watermark. */
    watermarkEnabled?: unknown;
    /** Join consent reminder. */
    consentMessageEnabled?: unknown;
    /** Sound when someone enters the lobby. */
    lobbySoundEnabled?: unknown;
    /** Content library component. */
    contentLibraryEnabled?: unknown;
    /** Speech transcribed; incompatible with E2EE. */
    transcriptionEnabled?: unknown;
    /** Transcription starts when the first participant joins. */
    transcriptionAutoStartEnabled?: unknown;
    /** Participants may toggle captions. */
    captionsEnabled?: unknown;
    /** Room description, 3 to 500 characters. */
    description?: unknown;
    /** Friendly URL, unique in the team, 3 to 32 characters. Any character the API takes is accepted; letters, digits and - . _ ~ keep the room's link readable. */
    friendlyUrl?: unknown;
    /** Public rooms are joined by link; private rooms need a token. */
    privacy?: unknown;
    /** Identifier assigned by the integrator. */
    externalId?: unknown;
    /** Webhook ids; when given, only these apply. */
    webhooks?: unknown;
    /** Tags; the API accepts them only on create, so a change replaces the room. */
    tags?: unknown;
    /** Cameras, HD video and virtual backgrounds disabled. */
    isAudioOnly?: unknown;
    /** Which broadcaster tiles are visible. */
    broadcasterTileVisibility?: unknown;
    /** Breakout rooms; incompatible with E2EE. */
    breakoutRoomsEnabled?: unknown;
    /** Breakout room ids and names. */
    breakouts?: unknown;
    /** Users move freely between breakout rooms. */
    breakoutFreeMovementEnabled?: unknown;
    /** Return to the main room allowed. */
    breakoutReturnToMainRoomEnabled?: unknown;
    /** Visible countdown in breakout rooms. */
    breakoutTimerEnabled?: unknown;
    /** Duration of breakout rooms. */
    breakoutTimerDuration?: unknown;
    /** Breakout rooms close when the timer ends. */
    breakoutEndOnTimer?: unknown;
    /** Restreaming allowed. */
    restreamEnabled?: unknown;
    /** Restream target. */
    restreamType?: unknown;
    /** Authentication token for the restream target (secret). */
    restreamKey?: unknown;
    /** Custom restreamer server URL. */
    restreamUrl?: unknown;
    /** Layout of the restream. */
    restreamLayoutMode?: unknown;
    /** Video tiles left out of the restream. */
    hideTilesInRestreamEnabled?: unknown;
    /** Logo in the restream. */
    restreamLogoEnabled?: unknown;
    /** Restream starts automatically. */
    restreamAutostartEnabled?: unknown;
    /** Name badges in the restream. */
    participantNamesInRestreamEnabled?: unknown;
    /** Restream consent reminder. */
    restreamConsentMessageEnabled?: unknown;
    /** Maximum participants, 2 to the plan maximum (2000 in the largest plan). */
    maxParticipants?: unknown;
    /** Maximum broadcasters, at least 1 and at most maxParticipants. */
    maxBroadcasters?: unknown;
    /** WHIP ingestion of external live streams. */
    whipEnabled?: unknown;
    /** Telephony. */
    telephonyEnabled?: unknown;
    /** PSTN/SIP number the communication server dials. */
    telephonyPhoneNumber?: unknown;
    /** DTMF PIN; W adds a 1 second pause, w 500 ms (secret: it admits a caller to the room). */
    telephonyPinDtmf?: unknown;
    /** When the room is deleted automatically, YYYY-MM-DD hh:mm:ss UTC, in the future. */
    expiresAt?: unknown;
    /** The room's topic, as the dashboard shows it (the API's other name for `description`; the friendlyUrl for a room without one). */
    topic?: unknown;
    /** The address participants open. A preview through the `vcrooms` plugin shows the address the up will give when it is known: a declared friendlyUrl of letters, digits and - . _ ~ under the team's domain, or the address an update leaves; otherwise (a generated friendlyUrl, a custom CNAME, a TeamDefaults of the program declaring `domain`, an API the preview cannot read), and always with the dynamic resources (`require("pulumi-vcrooms")`, which run no provider code at preview), it is unknown until up. Format: URL. */
    roomUrl?: unknown;
    /** Files attached to the room. */
    files?: unknown;
    /** When the room was created. Format: `YYYY-MM-DDThh:mm:ssZ`. */
    createdAt?: unknown;
    /** When the room was last changed. Format: `YYYY-MM-DDThh:mm:ssZ`. */
    updatedAt?: unknown;
    /** Files panel shown. */
    filesPanelEnabled?: unknown;
    /** True once the room passed expiresAt and the API deleted it: a refresh keeps it in the stack as expired until the program changes; a change then creates a new room. */
    expired?: unknown;
}
/** The result of `getRoom` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRoomResult = WithSecrets<FunctionResult<"getRoom">> & GetRoomResultDocs;
/** One room's record. Reads GET /rooms/{room}. */
export const getRoom = (args: GetRoomArgs, opts?: pulumi.InvokeOptions): Promise<GetRoomResult> => invoke("getRoom", args, opts);
/** One room's record. Reads GET /rooms/{room}. As an Output, from arguments that may be Outputs. */
export const getRoomOutput = (args: InputArgs<GetRoomArgs>, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRoomResult> => outputOf("getRoom", args, opts);

/** The arguments of `getRooms`. */
export interface GetRoomsArgs {
    /** Only rooms carrying any of these tags. */
    tags?: FunctionArgs<"getRooms">["tags"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRooms">["connection"];
}
/** The documentation of `getRooms`'s result fields (the types are `GetRoomsResult`'s). */
export interface GetRoomsResultDocs {
    /** Every matching room. */
    rooms?: unknown;
}
/** The result of `getRooms` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRoomsResult = WithSecrets<FunctionResult<"getRooms">> & GetRoomsResultDocs;
/** Every room of the team, every page read (newest first), optionally only those carrying any of `tags`. Reads GET /rooms, page after page by `after`. */
export const getRooms = (args: GetRoomsArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetRoomsResult> => invoke("getRooms", args, opts);
/** Every room of the team, every page read (newest first), optionally only those carrying any of `tags`. Reads GET /rooms, page after page by `after`. As an Output, from arguments that may be Outputs. */
export const getRoomsOutput = (args: InputArgs<GetRoomsArgs> = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRoomsResult> => outputOf("getRooms", args, opts);

/** The arguments of `getRoles`. */
export interface GetRolesArgs {
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRoles">["connection"];
}
/** The documentation of `getRoles`'s result fields (the types are `GetRolesResult`'s). */
export interface GetRolesResultDocs {
    /** Every role. */
    roles?: unknown;
}
/** The result of `getRoles` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRolesResult = WithSecrets<FunctionResult<"getRoles">> & GetRolesResultDocs;
/** Every role of the team, every page read. Reads GET /roles, page after page. */
export const getRoles = (args: GetRolesArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetRolesResult> => invoke("getRoles", args, opts);
/** Every role of the team, every page read. Reads GET /roles, page after page. As an Output, from arguments that may be Outputs. */
export const getRolesOutput = (args: InputArgs<GetRolesArgs> = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRolesResult> => outputOf("getRoles", args, opts);

/** The arguments of `getRole`. */
export interface GetRoleArgs {
    /** The role's id or name. */
    role: FunctionArgs<"getRole">["role"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRole">["connection"];
}
/** The documentation of `getRole`'s result fields (the types are `GetRoleResult`'s). */
export interface GetRoleResultDocs {
    /** As in getRoles. */
    id?: unknown;
    /** As in getRoles. */
    name?: unknown;
    /** As in getRoles. */
    displayName?: unknown;
    /** As in getRoles. */
    description?: unknown;
    /** As in getRoles. */
    default?: unknown;
    /** Permission name (camelCase) to its value as the API gives it: the role names it applies to (a list), or `true`/`false`. */
    permissions?: unknown;
}
/** The result of `getRole` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRoleResult = WithSecrets<FunctionResult<"getRole">> & GetRoleResultDocs;
/** One role with its permissions. Reads GET /roles/{idOrName}. */
export const getRole = (args: GetRoleArgs, opts?: pulumi.InvokeOptions): Promise<GetRoleResult> => invoke("getRole", args, opts);
/** One role with its permissions. Reads GET /roles/{idOrName}. As an Output, from arguments that may be Outputs. */
export const getRoleOutput = (args: InputArgs<GetRoleArgs>, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRoleResult> => outputOf("getRole", args, opts);

/** The arguments of `getRoomStatistics`. */
export interface GetRoomStatisticsArgs {
    /** The room: its UUID or friendly URL. */
    room: FunctionArgs<"getRoomStatistics">["room"];
    /** First day of the period, `YYYY-MM-DD`; by default the first day of the team's current subscription period. */
    dateStart?: FunctionArgs<"getRoomStatistics">["dateStart"];
    /** Last day of the period (inclusive), `YYYY-MM-DD`; by default the last day of the team's current subscription period. */
    dateEnd?: FunctionArgs<"getRoomStatistics">["dateEnd"];
    /** Which metrics to return, as the API names them (snake_case, e.g. `participation_minutes`); every room metric when omitted. The result has them in camelCase. */
    metrics?: FunctionArgs<"getRoomStatistics">["metrics"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRoomStatistics">["connection"];
}
/** The documentation of `getRoomStatistics`'s result fields (the types are `GetRoomStatisticsResult`'s). */
export interface GetRoomStatisticsResultDocs {
    /** The room. Format: UUID. */
    roomId?: unknown;
    /** The room's descriptors, as the statistics record gives them. */
    roomExternalId?: unknown;
    /** The room's descriptors, as the statistics record gives them. */
    roomDescription?: unknown;
    /** The room's descriptors, as the statistics record gives them. */
    roomFriendlyUrl?: unknown;
    /** The room's descriptors, as the statistics record gives them. */
    roomPrivacy?: unknown;
    /** The room's descriptors, as the statistics record gives them. */
    roomSource?: unknown;
    /** The room's maximum participants. */
    roomMaxParticipants?: unknown;
    /** Whether the room has been deleted. */
    roomIsDeleted?: unknown;
    /** First day of the period. Format: `YYYY-MM-DD`. */
    dateStart?: unknown;
    /** Last day of the period. Format: `YYYY-MM-DD`. */
    dateEnd?: unknown;
    /** The metric `participation_minutes` over the period (when asked for). */
    participationMinutes?: unknown;
    /** The metric `desktop_participation_minutes` over the period (when asked for). */
    desktopParticipationMinutes?: unknown;
    /** The metric `mobile_participation_minutes` over the period (when asked for). */
    mobileParticipationMinutes?: unknown;
    /** The metric `tablet_participation_minutes` over the period (when asked for). */
    tabletParticipationMinutes?: unknown;
    /** The metric `smarttv_participation_minutes` over the period (when asked for). */
    smarttvParticipationMinutes?: unknown;
    /** The metric `broadcasted_minutes` over the period (when asked for). */
    broadcastedMinutes?: unknown;
    /** The metric `subscribed_minutes` over the period (when asked for). */
    subscribedMinutes?: unknown;
    /** The metric `screen_broadcasted_minutes` over the period (when asked for). */
    screenBroadcastedMinutes?: unknown;
    /** The metric `screen_subscribed_minutes` over the period (when asked for). */
    screenSubscribedMinutes?: unknown;
    /** The metric `live_participants` over the period (when asked for). */
    liveParticipants?: unknown;
    /** The metric `active_participants` over the period (when asked for). */
    activeParticipants?: unknown;
    /** The metric `desktop_participants` over the period (when asked for). */
    desktopParticipants?: unknown;
    /** The metric `mobile_participants` over the period (when asked for). */
    mobileParticipants?: unknown;
    /** The metric `tablet_participants` over the period (when asked for). */
    tabletParticipants?: unknown;
    /** The metric `smarttv_participants` over the period (when asked for). */
    smarttvParticipants?: unknown;
    /** The metric `sessions` over the period (when asked for). */
    sessions?: unknown;
    /** The metric `max_concurrent_participants` over the period (when asked for). */
    maxConcurrentParticipants?: unknown;
    /** The metric `e2ee_minutes` over the period (when asked for). */
    e2eeMinutes?: unknown;
    /** The metric `recorded_minutes` over the period (when asked for). */
    recordedMinutes?: unknown;
    /** The metric `stored_recorded_minutes` over the period (when asked for). */
    storedRecordedMinutes?: unknown;
    /** The metric `whiteboard_minutes` over the period (when asked for). */
    whiteboardMinutes?: unknown;
    /** The metric `active_roles` over the period (when asked for). */
    activeRoles?: unknown;
    /** The metric `breakout_minutes` over the period (when asked for). */
    breakoutMinutes?: unknown;
    /** The metric `presentation_minutes` over the period (when asked for). */
    presentationMinutes?: unknown;
    /** The metric `public_chat_posts` over the period (when asked for). */
    publicChatPosts?: unknown;
    /** The metric `questions` over the period (when asked for). */
    questions?: unknown;
    /** The metric `answers` over the period (when asked for). */
    answers?: unknown;
    /** The metric `transcription_minutes` over the period (when asked for). */
    transcriptionMinutes?: unknown;
    /** The metric `captions_minutes` over the period (when asked for). */
    captionsMinutes?: unknown;
    /** The metric `polls` over the period (when asked for). */
    polls?: unknown;
    /** The metric `summaries` over the period (when asked for). */
    summaries?: unknown;
}
/** The result of `getRoomStatistics` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRoomStatisticsResult = WithSecrets<FunctionResult<"getRoomStatistics">> & GetRoomStatisticsResultDocs;
/** A room's statistics over a period: its descriptors and the chosen metrics. Reads GET /rooms/{room}/statistics; GET / for the default period. */
export const getRoomStatistics = (args: GetRoomStatisticsArgs, opts?: pulumi.InvokeOptions): Promise<GetRoomStatisticsResult> => invoke("getRoomStatistics", args, opts);
/** A room's statistics over a period: its descriptors and the chosen metrics. Reads GET /rooms/{room}/statistics; GET / for the default period. As an Output, from arguments that may be Outputs. */
export const getRoomStatisticsOutput = (args: InputArgs<GetRoomStatisticsArgs>, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRoomStatisticsResult> => outputOf("getRoomStatistics", args, opts);

/** The arguments of `getTeamStatistics`. */
export interface GetTeamStatisticsArgs {
    /** First day of the period, `YYYY-MM-DD`; by default the first day of the team's current subscription period. */
    dateStart?: FunctionArgs<"getTeamStatistics">["dateStart"];
    /** Last day of the period (inclusive), `YYYY-MM-DD`; by default the last day of the team's current subscription period. */
    dateEnd?: FunctionArgs<"getTeamStatistics">["dateEnd"];
    /** Which metrics to return, as the API names them (snake_case, e.g. `participation_minutes`); every team metric when omitted. The result has them in camelCase. */
    metrics?: FunctionArgs<"getTeamStatistics">["metrics"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getTeamStatistics">["connection"];
}
/** The documentation of `getTeamStatistics`'s result fields (the types are `GetTeamStatisticsResult`'s). */
export interface GetTeamStatisticsResultDocs {
    /** The team, where the API answers it. Format: UUID. */
    teamId?: unknown;
    /** First day of the period. Format: `YYYY-MM-DD`. */
    dateStart?: unknown;
    /** Last day of the period. Format: `YYYY-MM-DD`. */
    dateEnd?: unknown;
    /** The metric `participation_minutes` over the period (when asked for). */
    participationMinutes?: unknown;
    /** The metric `desktop_participation_minutes` over the period (when asked for). */
    desktopParticipationMinutes?: unknown;
    /** The metric `mobile_participation_minutes` over the period (when asked for). */
    mobileParticipationMinutes?: unknown;
    /** The metric `tablet_participation_minutes` over the period (when asked for). */
    tabletParticipationMinutes?: unknown;
    /** The metric `smarttv_participation_minutes` over the period (when asked for). */
    smarttvParticipationMinutes?: unknown;
    /** The metric `broadcasted_minutes` over the period (when asked for). */
    broadcastedMinutes?: unknown;
    /** The metric `subscribed_minutes` over the period (when asked for). */
    subscribedMinutes?: unknown;
    /** The metric `screen_broadcasted_minutes` over the period (when asked for). */
    screenBroadcastedMinutes?: unknown;
    /** The metric `screen_subscribed_minutes` over the period (when asked for). */
    screenSubscribedMinutes?: unknown;
    /** The metric `live_participants` over the period (when asked for). */
    liveParticipants?: unknown;
    /** The metric `active_participants` over the period (when asked for). */
    activeParticipants?: unknown;
    /** The metric `desktop_participants` over the period (when asked for). */
    desktopParticipants?: unknown;
    /** The metric `mobile_participants` over the period (when asked for). */
    mobileParticipants?: unknown;
    /** The metric `tablet_participants` over the period (when asked for). */
    tabletParticipants?: unknown;
    /** The metric `smarttv_participants` over the period (when asked for). */
    smarttvParticipants?: unknown;
    /** The metric `sessions` over the period (when asked for). */
    sessions?: unknown;
    /** The metric `max_concurrent_participants` over the period (when asked for). */
    maxConcurrentParticipants?: unknown;
    /** The metric `e2ee_minutes` over the period (when asked for). */
    e2eeMinutes?: unknown;
    /** The metric `recorded_minutes` over the period (when asked for). */
    recordedMinutes?: unknown;
    /** The metric `stored_recorded_minutes` over the period (when asked for). */
    storedRecordedMinutes?: unknown;
    /** The metric `whiteboard_minutes` over the period (when asked for). */
    whiteboardMinutes?: unknown;
    /** The metric `active_roles` over the period (when asked for). */
    activeRoles?: unknown;
    /** The metric `breakout_minutes` over the period (when asked for). */
    breakoutMinutes?: unknown;
    /** The metric `presentation_minutes` over the period (when asked for). */
    presentationMinutes?: unknown;
    /** The metric `public_chat_posts` over the period (when asked for). */
    publicChatPosts?: unknown;
    /** The metric `questions` over the period (when asked for). */
    questions?: unknown;
    /** The metric `answers` over the period (when asked for). */
    answers?: unknown;
    /** The metric `transcription_minutes` over the period (when asked for). */
    transcriptionMinutes?: unknown;
    /** The metric `captions_minutes` over the period (when asked for). */
    captionsMinutes?: unknown;
    /** The metric `polls` over the period (when asked for). */
    polls?: unknown;
    /** The metric `summaries` over the period (when asked for). */
    summaries?: unknown;
    /** The metric `rooms` over the period (when asked for). */
    rooms?: unknown;
    /** The metric `max_concurrent_sessions` over the period (when asked for). */
    maxConcurrentSessions?: unknown;
    /** The metric `max_concurrent_participants_per_session` over the period (when asked for). */
    maxConcurrentParticipantsPerSession?: unknown;
    /** The metric `max_active_recorders` over the period (when asked for). */
    maxActiveRecorders?: unknown;
    /** The metric `custom_roles` over the period (when asked for). */
    customRoles?: unknown;
}
/** The result of `getTeamStatistics` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetTeamStatisticsResult = WithSecrets<FunctionResult<"getTeamStatistics">> & GetTeamStatisticsResultDocs;
/** The team's statistics over a period: every room's usage plus the team-only metrics. Reads GET /statistics; GET / when one date is given. */
export const getTeamStatistics = (args: GetTeamStatisticsArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetTeamStatisticsResult> => invoke("getTeamStatistics", args, opts);
/** The team's statistics over a period: every room's usage plus the team-only metrics. Reads GET /statistics; GET / when one date is given. As an Output, from arguments that may be Outputs. */
export const getTeamStatisticsOutput = (args: InputArgs<GetTeamStatisticsArgs> = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTeamStatisticsResult> => outputOf("getTeamStatistics", args, opts);

/** The arguments of `getRoomChat`. */
export interface GetRoomChatArgs {
    /** The room: its UUID or friendly URL. */
    room: FunctionArgs<"getRoomChat">["room"];
    /** Only this session's records (a session UUID). */
    sessionId?: FunctionArgs<"getRoomChat">["sessionId"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRoomChat">["connection"];
}
/** The documentation of `getRoomChat`'s result fields (the types are `GetRoomChatResult`'s). */
export interface GetRoomChatResultDocs {
    /** Every message. */
    messages?: unknown;
}
/** The result of `getRoomChat` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRoomChatResult = WithSecrets<FunctionResult<"getRoomChat">> & GetRoomChatResultDocs;
/** A room's chat messages, every page read, optionally of one session. Reads GET /rooms/{room}/chat, page after page. */
export const getRoomChat = (args: GetRoomChatArgs, opts?: pulumi.InvokeOptions): Promise<GetRoomChatResult> => invoke("getRoomChat", args, opts);
/** A room's chat messages, every page read, optionally of one session. Reads GET /rooms/{room}/chat, page after page. As an Output, from arguments that may be Outputs. */
export const getRoomChatOutput = (args: InputArgs<GetRoomChatArgs>, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRoomChatResult> => outputOf("getRoomChat", args, opts);

/** The arguments of `getRoomTranscripts`. */
export interface GetRoomTranscriptsArgs {
    /** The room: its UUID or friendly URL. */
    room: FunctionArgs<"getRoomTranscripts">["room"];
    /** Only this session's records (a session UUID). */
    sessionId?: FunctionArgs<"getRoomTranscripts">["sessionId"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"getRoomTranscripts">["connection"];
}
/** The documentation of `getRoomTranscripts`'s result fields (the types are `GetRoomTranscriptsResult`'s). */
export interface GetRoomTranscriptsResultDocs {
    /** Every entry, in order. */
    transcripts?: unknown;
}
/** The result of `getRoomTranscripts` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type GetRoomTranscriptsResult = WithSecrets<FunctionResult<"getRoomTranscripts">> & GetRoomTranscriptsResultDocs;
/** A room's transcript entries, every page read, optionally of one session. Reads GET /rooms/{room}/transcripts, page after page. */
export const getRoomTranscripts = (args: GetRoomTranscriptsArgs, opts?: pulumi.InvokeOptions): Promise<GetRoomTranscriptsResult> => invoke("getRoomTranscripts", args, opts);
/** A room's transcript entries, every page read, optionally of one session. Reads GET /rooms/{room}/transcripts, page after page. As an Output, from arguments that may be Outputs. */
export const getRoomTranscriptsOutput = (args: InputArgs<GetRoomTranscriptsArgs>, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetRoomTranscriptsResult> => outputOf("getRoomTranscripts", args, opts);

/** The arguments of `exportRoomTranscripts`. */
export interface ExportRoomTranscriptsArgs {
    /** The room: its UUID or friendly URL. */
    room: FunctionArgs<"exportRoomTranscripts">["room"];
    /** The file's format; `txt` by default. One of `txt`, `json`. */
    format?: FunctionArgs<"exportRoomTranscripts">["format"];
    /** How times are formatted. One of `en`, `it`, `de`, `es`. */
    locale?: FunctionArgs<"exportRoomTranscripts">["locale"];
    /** The language of the file's headings. One of `en`, `it`, `de`, `es`. */
    lang?: FunctionArgs<"exportRoomTranscripts">["lang"];
    /** The API and team of this resource, when not the stack's. The developer key is kept secret. Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables. */
    connection?: FunctionArgs<"exportRoomTranscripts">["connection"];
}
/** The documentation of `exportRoomTranscripts`'s result fields (the types are `ExportRoomTranscriptsResult`'s). */
export interface ExportRoomTranscriptsResultDocs {
    /** The file's text, as the API answered it (JSON text for `json`). */
    content?: unknown;
}
/** The result of `exportRoomTranscripts` (its secret settings, such as a room's `restreamKey`, as secret Outputs). */
export type ExportRoomTranscriptsResult = WithSecrets<FunctionResult<"exportRoomTranscripts">> & ExportRoomTranscriptsResultDocs;
/** A room's transcripts as a file, text or JSON. Reads GET /rooms/{room}/transcripts/export. */
export const exportRoomTranscripts = (args: ExportRoomTranscriptsArgs, opts?: pulumi.InvokeOptions): Promise<ExportRoomTranscriptsResult> => invoke("exportRoomTranscripts", args, opts);
/** A room's transcripts as a file, text or JSON. Reads GET /rooms/{room}/transcripts/export. As an Output, from arguments that may be Outputs. */
export const exportRoomTranscriptsOutput = (args: InputArgs<ExportRoomTranscriptsArgs>, opts?: pulumi.InvokeOutputOptions): pulumi.Output<ExportRoomTranscriptsResult> => outputOf("exportRoomTranscripts", args, opts);
