### San Juan messages: (English, Hungarian).  Hungarian card and role names are
### the rulebook's ("Lapjegyzék"); English ones are the published names.

name = San Juan
rules = San Juan: build the richest city. Each round, starting with the governor, every player picks one of five roles; everybody then performs its action, the chooser first and with a privilege. Builder: build one building, paying its cost with cards from your hand (builder: 1 less). Producer: put a good (a face-down card) on an empty production building (producer: 2). Trader: sell one good for cards as the trading house shows (trader: 2). Councillor: draw 2, keep 1 (councillor: draw 5). Prospector: only the chooser draws 1 card. Violet buildings change these rules and work from the end of the builder phase in which they were built; each player may own only one of each. With 2 players the governor picks a second role after the opponent. At the start of a round: chapel owners may tuck a card, then hands over 7 cards (tower: 12) are cut down. The game ends after the builder phase in which someone builds a 12th building. Score: building points, chapel cards, guild hall, city hall, triumphal arch, palace last. Tie: most cards in hand plus goods.
option-start_choice = Choose starting cards
option-start_choice-desc = Optional rule: the governor looks at 5 cards, the next players at 6, 7 and 8; everyone keeps 4.

## cards

card-indigo_plant = Indigo Plant
card-sugar_mill = Sugar Mill
card-tobacco_storage = Tobacco Storage
card-coffee_roaster = Coffee Roaster
card-silver_smelter = Silver Smelter
card-smithy = Smithy
card-archive = Archive
card-gold_mine = Gold Mine
card-market_stand = Market Stand
card-black_market = Black Market
card-poor_house = Poor House
card-well = Well
card-trading_post = Trading Post
card-crane = Crane
card-tower = Tower
card-aqueduct = Aqueduct
card-prefecture = Prefecture
card-carpenter = Carpenter
card-chapel = Chapel
card-market_hall = Market Hall
card-quarry = Quarry
card-library = Library
card-statue = Statue
card-victory_column = Victory Column
card-hero = Hero
card-guild_hall = Guild Hall
card-city_hall = City Hall
card-triumphal_arch = Triumphal Arch
card-palace = Palace

## one-line reminders printed on the hand cards

help-indigo_plant = produces indigo
help-sugar_mill = produces sugar
help-tobacco_storage = produces tobacco
help-coffee_roaster = produces coffee
help-silver_smelter = produces silver
help-smithy = production buildings cost 1 less
help-archive = councillor: discard from your whole hand
help-gold_mine = prospector: 4 cards, keep one if all costs differ
help-market_stand = sell 2+ goods: draw 1
help-black_market = pay with up to 2 goods
help-poor_house = after building with 0–1 cards: draw 1
help-well = produce 2+ goods: draw 1
help-trading_post = trader phase: sell 1 more good
help-crane = build over one of your buildings
help-tower = hand limit 12
help-aqueduct = producer phase: 1 more good
help-prefecture = councillor phase: keep 2 cards
help-carpenter = after a violet building: draw 1
help-chapel = each round: tuck a card for 1 VP
help-market_hall = selling: 1 more card
help-quarry = violet buildings cost 1 less
help-library = your privileges count double
help-statue = monument
help-victory_column = monument
help-hero = monument
help-guild_hall = +2 VP per production building
help-city_hall = +1 VP per violet building
help-triumphal_arch = monuments 1/2/3: +4/6/8 VP
help-palace = +1 VP per 4 VP

## roles and goods

role-builder = Builder
role-producer = Producer
role-trader = Trader
role-councillor = Councillor
role-prospector = Prospector
governor = Governor
good-indigo = indigo
good-sugar = sugar
good-tobacco = tobacco
good-coffee = coffee
good-silver = silver

## action labels

act-role = { $role }
act-role_save = { $role } (keep the library for later)
act-build = Build { $card }
act-pay = Pay with { $card }
act-paygood = Pay with a good ({ $good })
act-onto_new = Build as a new building
act-onto = Build over { $card } (crane)
act-keep = Keep { $card }
act-discard = Discard { $card }
act-tuck = Put { $card } under the chapel
act-produce = Good on { $card }
act-sell = Sell { $good }
act-pass = Pass
act-done = Done
act-undo = Start over
act-cancel = Cancel this building
act-confirm = Confirm

## prompts

prompt-role = Choose a role.
prompt-wait_role = { $player } is choosing a role.
prompt-wait_build = { $player } is building.
prompt-wait = Waiting for the other players.
prompt-over = The game is over.
prompt-build = Choose a building to build, or pass.
prompt-onto = Where should { $card } go?
prompt-pay = Pay { $n ->
        [one] { $n } more card
       *[other] { $n } more cards
    } for { $card }.
prompt-chapel = You may put a card under your chapel.
prompt-produce = Choose buildings for goods ({ $n } more possible).
prompt-sell = Choose goods to sell ({ $n } more possible).
prompt-keep = Councillor: keep { $n ->
        [one] { $n } more card
       *[other] { $n } more cards
    }.
prompt-archive = Councillor (archive): discard { $n ->
        [one] { $n } more card
       *[other] { $n } more cards
    } from your hand.
prompt-start = Choose your starting hand: keep { $n ->
        [one] { $n } more card
       *[other] { $n } more cards
    }.
prompt-limit = Hand limit: discard { $n ->
        [one] { $n } more card
       *[other] { $n } more cards
    }.
prompt-gold_mine = Gold mine: keep one card.
prompt-confirm = Confirm your choice.

## events

ev-first_governor = { $player } is the first governor: everyone chooses a starting hand (5/6/7/8 cards from the governor on, keep 4).
ev-round = Round { $n }: { $player } is the governor.
ev-role = { $player } chose the { $role }.
ev-role_lib = { $player } chose the { $role } (privilege doubled by the library).
ev-build = { $player } built { $card } (paid { $paid }).
ev-build_over = { $player } built { $card } over { $old } with the crane (paid { $paid }).
ev-paid_goods = { $player } paid { $n ->
        [one] { $n } good
       *[other] { $n } goods
    } through the black market.
ev-pass_build = { $player } did not build.
ev-cannot_build = { $player } cannot build anything.
ev-draw = { $player } drew { $n ->
        [one] { $n } card
       *[other] { $n } cards
    } ({ $why }).
ev-you_drew = You drew: { $cards }.
ev-you_look = You look at: { $cards }.
ev-you_tucked = You put { $card } under your chapel.
ev-gold_mine_hit = { $player }'s gold mine turns up { $cards }: four different costs, { $player } keeps one.
ev-gold_mine_miss = { $player }'s gold mine turns up { $cards }: costs repeat, all go to the discard pile.
ev-gold_mine_empty = { $player }'s gold mine: no cards left to turn up.
ev-gold_mine_kept = { $player } took { $card } from the gold mine.
ev-produce = { $player } produced: { $goods }.
ev-sell = { $player } sold: { $goods }.
ev-tile = Trading house: indigo { $indigo }, sugar { $sugar }, tobacco { $tobacco }, coffee { $coffee }, silver { $silver }.
ev-council_draw = { $player } drew { $n ->
        [one] { $n } card
       *[other] { $n } cards
    } in the councillor phase.
ev-council_kept = { $player } chose which cards to keep.
ev-start_kept = { $player } chose a starting hand.
ev-limit_discard = { $player } discarded down to the hand limit.
ev-reshuffle = The discard pile was shuffled into a new draw pile ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }).
ev-deck_empty = No cards left to draw.
ev-game_end = A 12th building stands: the game is over.
ev-stalled = No card can move any more: the game ends here.
why-carpenter = carpenter
why-poor_house = poor house
why-well = well
why-trade = trade
why-market_hall = market hall
why-market_stand = market stand
why-prospector = prospector

## score sheet

score-buildings = Buildings: { $n }
score-chapel = Chapel cards: { $n }
score-bonus = { $card }: +{ $n }
score-total = Total: { $n }
score-tiebreak = Cards in hand + goods: { $n }

## errors

error-role_taken = That role has already been taken this round.
error-not_in_hand = You do not have that card in hand.
error-already_built = You already have a { $card }: violet buildings are one each.
error-cannot_afford = You cannot pay for { $card } (costs { $n }).

## renderer texts

ui-round = Round { $n }
ui-deck = Deck { $n }
ui-discard = Discard { $n }
ui-hand = Hand { $n }
ui-buildings = { $n ->
        [one] { $n } building
       *[other] { $n } buildings
    }
ui-vp = { $n } VP
ui-tile = Trading house
ui-roles = Roles this round
ui-to_act = To act: { $players }
ui-score = Score { $n }
ui-winner = Winner: { $players }
ui-winner_tiebreak = Winner: { $players } — tied on { $n ->
        [one] { $n } point
       *[other] { $n } points
    }, won on the tiebreak (cards in hand + goods)
ui-winner_shared = Shared win: { $players } — equal points and equal cards in hand + goods
ui-legend = Cards: cost top left · victory points bottom right (? = bonus at the end) · brown square: a good
ui-cost = cost
ui-points = VP
ui-gold_mine = Gold mine turned up: { $cards }
ui-your_hand = Your hand ({ $n })
ui-chapel = Under your chapel: { $n }
ui-looking = Cards you are looking at
ui-picked = Chosen so far
ui-building = Building { $card }: paid { $paid } of { $need }
ui-selected = Chosen: { $n } of at most { $lim }
ui-covered = under the crane: { $n }
ui-new = new
ui-goods_n = Goods { $n }
ui-cost_vp = cost { $cost } · { $vp } VP

## private summary (offline console)

summary-hand = Hand ({ $n }): { $cards }
summary-hand_empty = Hand: no cards
summary-times = { $n }× { $card }
summary-chapel = Under your chapel ({ $n }): { $cards }
summary-chapel_empty = Under your chapel: no cards
summary-look = Looking at ({ $n }): { $cards }
summary-kept = Kept so far ({ $n }): { $cards }
summary-discarded = Discarding so far ({ $n }): { $cards }
summary-building = Building { $card }: paid { $paid } of { $need }
summary-produce = To produce ({ $n } of at most { $lim }): { $goods }
summary-sell = To sell ({ $n } of at most { $lim }): { $goods }
summary-goods = Goods on your buildings ({ $n }): { $goods }
