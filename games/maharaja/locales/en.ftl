### Maharaja messages: key (without the "maharaja." prefix) -> (English, Hungarian).
### Hungarian names follow the Hungarian rulebook (Thaur's translation).

name = Maharaja
rules = Build palaces in India's cities to please the maharaja. Each round the maharaja visits the city whose governor token is lowest on the track; its token moves to the top. Everyone secretly plans two actions (the same one twice is allowed), then in character order each player reveals and carries them out: Gold (+2), House (1 gold; in a city only where your architect is), 2 Houses (one in a city), Move a house, Quarry (2 houses from the bank to your reserve), Palace (12 gold, where your architect is), Palace + House, Governor order (a token two spaces down), Character swap. Travel is free of the disc: the architect ends in a city, passes only villages with a house and pays 1 gold per house to the owners of villages without a house of its own (routes of the same cost: you choose whom to pay). Leaving any planned part undone gives every other player 2 gold. Then the maharaja's city pays by points (architect 1, house 1, outer palace 1, inner palace 3): 3 x (players + 1 - rank) gold, ties to the lower character, +5 for a monopoly. With fewer than 5 players the unused colours' outer palaces stand in every city (no one's points). Characters: 1 Mogul starts, 2 Merchant +1 gold, 3 Sadhu outer palaces 2, 4 Monk travels free, 5 Mason one free house, 6 Artist palace for 9, 7 Yogi (advanced) action coins. The game ends after the round in which someone builds the last palace or a governor reaches space 10: most palaces, then gold, wins.
option-short = Short game
option-short-desc = 6 palaces each; the game ends after round 8 at the latest.
option-advanced = Advanced game
option-advanced-desc = 0: basic. 1: yogi and action coins, bidding for characters, home cities. 2: as 1, and players may hold several characters (swap and lure).

## places

start = Start
city-jodhpur = Jodhpur
city-delhi = Delhi
city-varanasi = Varanasi
city-udaipur = Udaipur
city-agra = Agra
city-lucknow = Lucknow
city-jaipur = Jaipur
loc-road = { $a }–{ $b }
loc-village = Village { $n } ({ $road })
loc-village_short = village { $n }

## characters

char-mogul = 1 Mogul
char-merchant = 2 Merchant
char-sadhu = 3 Sadhu
char-monk = 4 Wandering monk
char-mason = 5 Mason
char-artist = 6 Artist
char-yogi = 7 Yogi
charinfo-mogul = starts, wins ties
charinfo-merchant = +1 gold at turn start
charinfo-sadhu = outer palaces score 2
charinfo-monk = the bank pays the travel
charinfo-mason = 1 free house a turn
charinfo-artist = palace for 9 gold
charinfo-yogi = an action coin a turn

## actions on the disc

action-gold = Gold (+2)
action-house = House
action-houses2 = 2 Houses
action-move = Move a house
action-quarry = Quarry
action-palace = Palace
action-palace_house = Palace + House
action-governor = Governor order
action-swap = Character swap

## parts still owed in a turn

part-gold = gold
part-quarry = quarry
part-hcity = a house in a city
part-hany = a house
part-house = a house
part-move = moving a house
part-palace = a palace
part-gov = governor order
part-swap = character swap

## labels of choices

label-back = Back
label-road_group = Road { $road } ({ $n ->
        [one] { $n } village
       *[other] { $n } villages
    })
label-bid = Bid { $gold } gold
label-pass = Pass
label-confirm = Confirm the plan
label-replan = Start the plan again
label-build = Build a house (1 gold)
label-palace_inner = Inner palace here ({ $gold } gold)
label-palace_outer = Outer palace here ({ $gold } gold)
label-mason_build = Mason: free house from the reserve
label-mason_move = Mason: move a house free
label-coin = Use an action coin
label-travel = Travel…
label-end = Finish the turn
label-end_skip = Finish, skipping { $n ->
        [one] { $n } part
       *[other] { $n } parts
    }: others get { $gold } gold
label-gov = { $city } (space { $space }) two down
label-give = Give { $char }
label-swap_bank = { $char } from the bank
label-swap_from = { $char } from { $seat }
label-lure = Lure a character from { $seat }
label-yield = Hand over { $char }
label-pay_to = { $seat } { $gold }
label-pay_colour = { $colour } { $gold }

## the players' colours on the board (render.common.SEAT_COLOURS, by seat)

colour-0 = red
colour-1 = blue
colour-2 = green
colour-3 = yellow
colour-4 = purple
label-go_free = { $city } (free)
label-go = { $city }: { $gold } gold ({ $pay })
label-go_choose = { $city }: { $gold } gold, several routes: choose whom to pay…
label-via = Pay { $pay }
label-go_monk = { $city }: the bank pays { $gold } ({ $pay })

## prompts

prompt-wait = Waiting for the other players.
prompt-over = The game is over.
prompt-choose = Choose a character.
prompt-bid_open = Open the auction for first choice of character (0 or more gold).
prompt-bid = Bid more than { $gold } gold or pass.
prompt-place = Place starting house { $n } of { $total } in a village.
prompt-plan = Secretly choose action { $n } of 2.
prompt-confirm = Your plan: { $a } and { $b }. Confirm or start again.
prompt-turn = Your turn. Still to do: { $parts }. You may travel at any time.
prompt-turn_done = All planned actions done. Travel, use abilities or finish.
prompt-pick = Your character was taken: choose one from the bank.
prompt-yield = { $seat } lures one of your characters: choose which to hand over.
prompt-step-build = Where do you build the house?
prompt-step-mbuild = Where does the mason build the free house?
prompt-step-move = Which house do you move?
prompt-step-mmove = Which house does the mason move?
prompt-step-move_to = Where to?
prompt-step-gov = Which governor token moves two spaces down?
prompt-step-swap = Which character do you take?
prompt-step-give = Which of your characters do you give in exchange?
prompt-step-coin = Which extra action does the coin buy?
prompt-step-travel = Travel to which city? (cheapest route; whom you pay, by colour)
prompt-step-route = Routes of the same cost: whom do you pay (by colour)?

## events

event-youngest = { $seat } was drawn at random as the "youngest player" and begins.
event-char_chosen = { $seat } takes { $char }.
event-auction = Auction for first choice of character; { $seat } opens.
event-bid = { $seat } bids { $gold }.
event-bid_pass = { $seat } passes.
event-bid_won = { $seat } wins the auction for { $gold } gold.
event-bid_last = { $seat } chooses the last character for free.
event-placing = Starting houses are placed in character order.
event-placed = { $seat } places a house in { $village }.
event-reserve = Everyone takes { $n ->
        [one] { $n } house
       *[other] { $n } houses
    } into their reserve.
event-round = Round { $n }: the maharaja travels to { $city }; its governor moves to space { $space }.
event-last_round_track = A governor reached space 10: this is the last round.
event-last_round_short = Short game: this is the last round.
event-planned = { $seat } has planned.
event-my_plan = You planned { $a } and { $b }.
event-turn = { $seat } reveals { $a } and { $b }.
event-merchant = { $seat } (merchant) receives 1 gold.
event-yogi = { $seat } (yogi) receives an action coin.
event-gold = { $seat } takes { $gold } gold.
event-quarry = { $seat } quarries { $n ->
        [one] { $n } house
       *[other] { $n } houses
    } into the reserve.
event-build = { $seat } builds a house in { $loc }.
event-mason_build = { $seat } (mason) builds a free house in { $loc }.
event-move = { $seat } moves a house from { $src } to { $loc }.
event-palace_inner = { $seat } builds the inner palace of { $city } for { $gold } gold.
event-palace_outer = { $seat } builds an outer palace in { $city } for { $gold } gold.
event-gov = { $seat } moves the governor of { $city } down to space { $space }.
event-coin = { $seat } spends an action coin on { $action }.
event-travel_free = { $seat }'s architect travels to { $city }.
event-travel = { $seat }'s architect travels to { $city }, paying { $gold } ({ $pay }).
event-travel_monk = { $seat }'s architect (monk) travels to { $city }; the bank pays { $gold } ({ $pay }).
event-swap_bank = { $seat } swaps { $old } for { $char } from the bank.
event-swap_player = { $seat } swaps { $old } for { $char }, taken from { $victim }.
event-swap_bank_keep = { $seat } takes { $char } from the bank.
event-swap_take = { $seat } takes { $char } from { $victim }.
event-give = { $seat } gives { $char } to { $victim } in exchange.
event-pick = { $seat } takes { $char } from the bank.
event-lure = { $seat } lures a character from { $victim }.
event-yield = { $seat } hands { $char } to { $to }.
event-skipped = { $seat } left { $n ->
        [one] { $n } part
       *[other] { $n } parts
    } undone: every other player gets { $gold } gold.
event-turn_end = { $seat } finishes the turn.
event-evaluation = The maharaja evaluates { $city }.
event-eval_pay = { $seat }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, rank { $rank }: { $gold } gold.
event-monopoly = { $seat } is the only one present (monopoly): a bonus of { $gold } gold, { $total } gold in all.
event-end_palaces = A player has built all their palaces: the game ends.
event-end_track = A governor reached space 10: the game ends.
event-end_rounds = The short game ends after round 8.
event-winner = { $seat } wins!

## score sheet

detail-palaces = Palaces built: { $n }
detail-gold = Gold: { $gold }
detail-character = Character: { $char }

## renderer

render-round = Round { $n }
render-setup = Set-up
render-over = Game over
render-track = Governors
render-next = next: { $city }
render-houses = Houses on board { $n }
render-reserve = Reserve { $n } · bank { $b }
render-palaces = Palaces { $built }/{ $total }
render-coins = Action coins { $n }
render-planned = planned ✓
render-planning = planning…
render-acting = acting
render-done = done
render-plan = Plan: { $a } + { $b }
render-gold = Gold: { $gold }
render-your_plan = Your plan
render-no_plan = No plan yet
render-todo = Still to do: { $parts }
render-bank = Bank: { $chars }
render-last_eval = Last evaluation ({ $city })
render-eval_line = { $seat }: { $points } pt → { $gold }
render-eval_mono = { $seat }: { $points } pt → { $gold } + { $bonus } monopoly
render-maharaja = Maharaja
render-private_title = { $seat } — private
render-homes = Homes
render-winner = { $seat } wins
render-result = Result (most palaces, then most gold, then the lower character)
render-rank_line = { $rank }. { $seat }: { $palaces ->
        [one] { $palaces } palace
       *[other] { $palaces } palaces
    }, { $gold } gold
render-tie_gold = { $a } ahead of { $b } on gold (palaces equal)
render-tie_char = { $a } ahead of { $b } by the lower character (palaces and gold equal)

## private summary (offline console)

summary-gold = Gold: { $gold }
summary-plan = Your plan: { $a } + { $b }
summary-plan_half = Your plan: { $a } + …
summary-no_plan = No plan yet
summary-char = { $char } ({ $info })
summary-chars = Characters: { $chars }
summary-chars_one = Character: { $chars }
summary-coins = Action coins: { $n }
summary-todo = Still to do: { $parts }
