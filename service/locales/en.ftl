### Platform messages (keys under ``core.``): (English, Hungarian).

## errors shared by all engines and the platform

error-unknown_option = Unknown table option: { $option }.
error-bad_option_value = Option { $option } cannot be { $value }.
error-player_count = This game needs { $low }–{ $high } players.
error-not_your_turn = It is not your turn to act.
error-illegal_action = That move is not possible now.
error-no_table = There is no game in this channel. Start one with /game new.
error-unknown_game = I don't know the game “{ $game }”.
error-channel_busy = This channel already has a game. Finish or abort it first, or open a thread.
error-already_joined = You are already at this table.
error-table_full = The table is full ({ $count } seats).
error-not_seated = You are not at this table.
error-no_ai_seat = There is no AI seat to remove.
error-already_started = The game has already started.
error-abort_forbidden = Only the game's creator or someone who can manage the channel may abort it.
error-start_forbidden = Only the table's creator or a channel manager may start the game.
error-not_active = This game is not running any more.
error-not_a_player = You are not playing in this game.
error-stale_prompt = That prompt is out of date — here are your current options.
error-busy = This table is very busy right now — nothing of yours was changed. Please try again.
error-stale_component = This button is out of date. Use the newest board message or /play.
error-already_done = That move was already made.
error-unknown_action = “{ $action }” is not one of your moves now. Pick one from the list.
error-nothing_to_do = You have nothing to decide right now.
error-bad_options = I could not read the options “{ $text }”. Use name=value pairs, e.g. { $example }.
error-internal = Something went wrong on my side; nothing was changed. Please try again.
error-guild_only = This command works only in a server channel.
error-manage_only = Only someone who can manage the server may change its language.
error-no_log = Nothing has happened yet.
error-no_game_here = No running game here.
error-paused = This game is paused: { $why }. Nothing is lost; it goes on as soon as that is fixed.
error-stopping = I am restarting right now; please try again in a few seconds.
error-slow_down = You are going too fast: I will answer you again in a few seconds.
error-server_full = This server has { $count } open tables, as many as it may: finish or /game abort one first.
error-too_many_tables = You already have { $count } open tables on this server ({ $channels }): finish one, or end it with /game abort in its channel, before you open another.
error-thread_forbidden = I can't open a thread here: I lack the Create Public Threads permission. Start the game without thread:true, or ask a moderator.
error-no_send = I can't post in this channel (a permission is missing). Ask a moderator to let me send messages here, or start the game in another channel.
paused-missing_access = I may no longer post in its channel (a permission is missing)
paused-channel_deleted = its channel was deleted
paused-thread_closed = its thread is archived or locked
paused-removed = I was removed from the server
paused-dm = Your game in { $channel } is paused: { $why }. Nothing is lost: it goes on as soon as that is fixed, or a channel manager can end it with /game abort.
paused-resumed_dm = Your game in { $channel } goes on.
new-opened_in = The table is open in { $channel }.
new-already_thread = This is a thread already, so the table opened right here.
error-vote_closed = This vote is over: it was decided, or the player moved.
error-vote_own = The table is waiting for your move: just make it.
error-vote_not_player = Only the other players at this table (or a channel manager) decide this.
error-undo_closed = There is nothing you can take back now: something happened since (another player acted, a card was drawn or shown, chance decided), or your last action cannot be undone.
error-seat_taken = Someone else plays your seat now; they or a channel manager can hand it back with /game substitute.
error-nothing_to_rejoin = You have no seat to take back here.
error-substitute_which = Say whose seat to hand over (the seat option).
error-substitute_forbidden = Only that seat's player or a channel manager may hand over a seat a player still plays; the table's creator may fill AI seats.
error-substitute_self = Nobody may take over a seat another player still plays: their hand is theirs alone.
error-already_seated = { $player } is already at this table.
error-substitute_bot = A bot cannot take a seat.
error-unknown_seat = There is no such seat: pick one from the list.

## seats changing hands, undo, the turn clock

seat-left = { $player } left the game; the AI plays for them.
seat-gone = { $player } is no longer on this server; the AI plays for them.
seat-clock_ai = { $player }'s time ran out; the AI plays for them.
seat-nobody_left = { $player } left, and no human player is left at the table: the game ends.
seat-rejoined = { $player } is back and plays again.
seat-substituted = { $new } takes over { $old }'s seat.
seat-welcome = You now play { $old }'s seat in { $channel }.
seat-replaced_mark = { $name } (replaced by the AI)
seat-for_mark = { $name } (for { $previous })
seat-you_left = You left the game; the AI plays your seat. /game rejoin takes it back while nobody else took it.
seat-you_rejoined = Welcome back! You play your seat again.
seat-you_substituted = { $member } now plays { $old }'s seat.
undo-done = { $player } took back their last action.
undo-yours = Taken back: { $action }
undo-an_action = an action
clock-reminder_dm = ⏰ Reminder: your move is waiting ({ $left } left).
clock-reminder = ⏰ { $players }: your move is waiting.
clock-expired = ⌛ { $voters } { $player }'s time is up. Wait longer, let the AI play for them, or end the game? A majority of the other players decides (a channel manager alone); with no answer within { $wait }, the AI takes the seat.
alt-board = { $game } board after move { $seq }. Players: { $players }. Waiting for: { $waiting }.
alt-final = { $game }, final board. { $scores }
alt-private = Your private view in { $game }: { $summary }
clock-left = ⏳ { $player }: { $left } left to move
clock-voting = ⌛ { $player }'s time is up: the others are deciding
clock-option = turn clock: { $clock }
clock-none = none
clock-rules = `clock` — how long a player may take: 10m, 1h, 12h, 24h (default), 72h or none. The player is reminded halfway and shortly before the end; then the other players choose to wait longer, let the AI play for them, or end the game.
vote-counted = Your vote is counted ({ $votes } of the { $needed } needed).
vote-waiting = The table waits longer for { $player }; their clock starts again.
vote-ended = The game was ended: { $player } did not move in time.
vote-decided-wait = Decided: the table waits longer for { $player }.
vote-decided-ai = Decided: the AI plays for { $player }.
vote-decided-end = Decided: the game ends.
duration-hours = { $n } h
duration-minutes = { $n } min
duration-seconds = { $n } s

## statuses and lines

yes = yes
no = no
status-lobby = { $game } — waiting for players: { $players }
status-active = { $game } — move { $moves }; waiting for { $waiting }
status-finished = { $game } — finished
status-aborted = { $game } — aborted
score-line = { $place }. { $name }: { $score }
score-title = Final scores
lobby-title = New table: { $game }
lobby-players = Players ({ $count }/{ $high }): { $players }
lobby-options = Options: { $options }
lobby-hint = Join with the button or /game join; the creator starts the game ({ $low }–{ $high } players).
lobby-started = The game has started! Seat order: { $players }
lobby-cancelled = The table was closed.
lobby-expired = This table waited { $hours } hours for its start and is now closed; open a new one with /game new when you are ready.
turn-waiting = Waiting for { $players }
turn-your_turn = It's your move in { $game } ({ $channel }): { $prompt }
turn-dm_failed = { $player }, I can't send you direct messages — use /hand to see your private information.
turn-more_in_play = More moves are available through /play.
turn-game_over = Game over!
turn-your_options = Your options:
turn-private_update = Your private view of { $game } ({ $channel })
turn-timer = { $player } has { $seconds } s to answer; then “{ $action }” applies.
turn-moved = Done: { $action }
log-title = Game log (last { $count })
aborted = { $user } aborted the game.
joined = { $user } joined.
left = { $user } left.
settings-user_language = Your language is now { $language }.
settings-guild_language = This server's default language is now { $language }.
settings-cleared = Language override removed; I follow your Discord language.
language-en = English
language-hu = Hungarian
hand-none = You are not playing in a game here.
games-list = Games: { $games }

## buttons

button-join = Join
button-leave = Leave
button-add_ai_easy = Add AI: easy
button-add_ai = Add AI: normal
button-add_ai_hard = Add AI: hard
button-remove_ai = Remove AI
button-start = Start
button-cancel = Cancel
button-my_turn = My move
button-hand = My hand
button-undo = Undo
button-vote_wait = Wait longer
button-vote_ai = Let the AI play
button-vote_end = End the game
select-placeholder = Choose…

## the offline console

console-choose_game = Choose a game:
console-seat_prompt = { $player }, your move ({ $prompt }):
console-board_written = Board image: { $path }
console-bad_choice = Type a number from 1 to { $count }.
console-resumed = Going on with the saved game: { $game }.
console-private_header = — { $player }, only for you —
console-private_written = Private picture of { $player }: { $path }
console-undo_hint = (undo available: type “undo”)
console-help_hint = Type a number to move; “help” lists the commands.
console-cmd_help = help
console-help = Commands:
console-help_move = a number (or an action's id) — make that move
console-help_undo = { $undo } — take back your last action while nothing else happened
console-help_leave = { $leave } — leave the game: the AI plays your seat from then on
console-help_rejoin = { $rejoin } — take a seat you left back from the AI
console-help_help = { $help } — this list
console-help_quit = Ctrl-D or Ctrl-C — quit (a game in a --db file goes on at the next start)
console-final_board = Final board image: { $path }
console-winner = Winner: { $names }
console-winners = Winners (tied): { $names }
console-bye = Bye.
console-bye_saved = Bye — the game is saved in { $db }.

## Slash commands: names must be lowercase, 1–32 characters; descriptions ≤ 100.

cmd-game = game
cmd-game-desc = Board games at this table
cmd-new = new
cmd-new-desc = Open a new table for a game
cmd-join = join
cmd-join-desc = Take a seat at the table
cmd-leave = leave
cmd-leave-desc = Leave the table (during a game the AI takes your seat)
cmd-rejoin = rejoin
cmd-rejoin-desc = Take your seat back from the AI
cmd-substitute = substitute
cmd-substitute-desc = Hand a seat to another member
cmd-undo = undo
cmd-undo-desc = Take back your last action while nothing else happened
param-clock = clock
param-clock-desc = How long a player may take to move (default 24h)
param-member = member
param-member-desc = Who takes the seat
param-seat = seat
param-seat-desc = Whose seat (default: yours)
cmd-start = start
cmd-start-desc = Start the game with the seated players
cmd-status = status
cmd-status-desc = Show the game in this channel
cmd-abort = abort
cmd-abort-desc = Abort the game in this channel
cmd-rules = rules
cmd-rules-desc = A short summary of a game's rules
cmd-log = log
cmd-log-desc = The latest moves of the game
cmd-play = play
cmd-play-desc = Make a move in this channel's game
cmd-hand = hand
cmd-hand-desc = Show your private view (cards, money, plans)
cmd-settings = settings
cmd-settings-desc = Your and this server's settings
cmd-language = language
cmd-language-desc = The language I use with you
cmd-server_language = server-language
cmd-server_language-desc = This server's default language for game channels
param-game = game
param-game-desc = Which game
param-options = options
param-options-desc = Table options as name=value, e.g. short=true
param-thread = thread
param-thread-desc = Open the table in a new thread
param-action = action
param-action-desc = Your move (start typing to filter)
param-count = count
param-count-desc = How many lines
param-language = language
param-language-desc = English, Hungarian, or automatic
language-auto = automatic (Discord's language)

## the table's memory: score sheets, history, statistics, ratings, replays, exports

cmd-history = history
cmd-history-desc = The server's finished games, newest first
cmd-replay = replay
cmd-replay-desc = The board as it stood after a move
cmd-export = export
cmd-export-desc = A finished game's record as a JSON file
cmd-stats = stats
cmd-stats-desc = Plays, wins and scores of a member
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = The server's best players of a game
param-game_filter-desc = Only this game
param-member_filter-desc = Only games this member played
param-member_stats-desc = Whose statistics (you, if empty)
param-move = move
param-move-desc = After which move (0: the start; empty: the last)
param-table = table
param-table-desc = A game's number from /game history (empty: this channel's game)
sheet-title = Score sheet — { $game }
sheet-rating = rating { $change }
sheet-rated_people = Ratings change among the people who played the whole game; AI seats are not rated.
sheet-not_rated = Not rated: fewer than two people played the whole game.
sheet-ai = AI
sheet-replaced = finished by the AI
sheet-substitute = came in for { $previous }
history-title = Finished games — page { $page }
history-line = `#{ $id }` { $date } **{ $game }** — { $players } · { $link }
history-ai_seat = { $name } (AI)
history-hint = -# /game replay table:<number> shows a game move by move; /game export gives its record.
history-empty = No game has been finished on this server yet.
history-empty_member = { $name } has no finished games here yet.
button-newer = ◀ Newer
button-older = Older ▶
stats-title = Statistics of { $name }
stats-people = Against people: { $plays ->
        [one] 1 game
       *[other] { $plays } games
    }, { $wins } won ({ $rate }%), average { $average }, best { $best }
stats-with_ai = With AI seats: { $plays ->
        [one] 1 game
       *[other] { $plays } games
    }, { $wins } won ({ $rate }%), average { $average }, best { $best }
stats-substitute = Came in mid-game: { $plays }
stats-replaced = Left, the AI finished: { $plays }
stats-none = { $name } has no finished games on this server.
leaderboard-title = Leaderboard — { $game }
leaderboard-line = { $place }. { $name } — { $rating } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
leaderboard-note = -# Rating: a cautious estimate of skill (openskill); only people who played a whole game are rated, against each other — AI seats never.
leaderboard-empty = Nobody is rated in { $game } on this server yet.
replay-title = { $game } #{ $id } — after move { $move } of { $total }
replay-alt = The board after move { $move } of { $total }
export-done = The record of game #{ $id }: the seed, the options and every move — enough to replay it exactly.
error-unknown_table = There is no game #{ $id } on this server.
error-log_pruned = Game #{ $id } is too old: its moves are no longer kept (its result is).
error-replay_lobby = This game has not started yet.
error-replay_range = There is no move { $move }: this game has moves 0 to { $total }.
error-export_running = A game's record is given once it is over: it shows every hidden card.

## AI levels (the lobby shows them beside an AI seat)
ai_level-easy = easy
ai_level-normal = normal
ai_level-hard = hard
