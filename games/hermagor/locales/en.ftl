### Hermagor messages: (English, Hungarian).  Hungarian names follow the
### Hungarian rulebook (Thaur's translation).

name = Hermagor
rules = Five rounds (four with 4–5 players), each in three phases. 1 Market: stalls are filled with tiles and an action tile is turned: everyone takes that many trading posts. In turn order place up to 4 buyers, each on a free tile (2 money) or an empty numbered space (its number), or pass. 2 Travel preparations: per market line your buyers on spaces earn 1/3/6/10 (crossings count twice). Each tile goes to the majority around and on its stall (ties: the buyer on the stall, then more side than corner buyers, else it stays). Taking a single good you may raise its price by 1 (max 10). Nobody leaves empty-handed: draw a goods tile. The holder of the lowest-numbered tile names the start player. 3 Villages: in turn order one action each until all posts are used: move and sell (pay the roads, also out of the sale), sell where you stand, move without selling (half fare, return a post) or pass (return a post). Sell a good you hold in a village of that good without your post: earn its price, every other post there earns 1, place your post. Enclose a region with your posts: put a disc on the most valuable free slot of a production row it shows (earn it) and on the nobility track for a flag. End: each row you are in pays its red value, your smallest duchy count pays ×3 (×4 with 5), most posts on the main road +5, fewest −5. Most money wins; ties: more discs on the price table (nobility track included), then the nobility disc further right. 2 players: a shared third colour; its enclosures always put a disc on the price table (the player to act picks the row).
option-tax = Tax official
option-tax-desc = The start player is decided in phase 1 by showing money.
option-six = 6-action tile
option-six-desc = A 6 replaces one 4 among the action tiles (longer game).
option-ten = 10 starting money
option-ten-desc = Start with 10 money instead of 20.

## goods and buildings

good-corn = corn
good-amulet = amulets
good-weapon = weapons
good-egg = dragon eggs
good-salt = salt
good-book = books
good-blessing = blessings
good-relic = relics
building-corn = corn field
building-amulet = seer's tent
building-weapon = weaponsmith
building-egg = dragon valley
building-salt = salt mine
building-book = library
building-blessing = temple
building-relic = cemetery
tile-single = tile { $n }: { $good } ↑
tile-double = tile { $n }: { $a } + { $b }
tile-fluct = Price fluctuation
tile-side = Side road
tile-black = Black market
tile-deal = Good deal
duchy-0 = the northern duchy
duchy-1 = the southern duchy
duchy-2 = the western duchy
shared = The shared colour
village = village { $n } ({ $good })
band = stalls { $a }–{ $b }, spaces { $lo }–{ $hi }
where-stall = stall { $name }
where-space = space { $name }

## actions

act-band = Buyer: { $band }
act-sband = Shared buyer: { $band }
act-stall = Stall { $name } — pay { $cost }
act-space = Space { $name } — pay { $cost }
act-stall_shared = Stall { $name } (free)
act-space_shared = Space { $name } (free)
act-back = Back
act-pass_buyer = Pass (one buyer fewer)
act-skip_shared = No shared buyer this turn
act-show = Show my money
act-hide = Pass (keep it hidden)
act-rise = Raise { $good } to { $price }
act-norise = Leave the price
act-fluct = { $good } to { $price }
act-start = { $seat } starts
act-sell = Sell here: { $village } for { $price }
act-move = Move and sell
act-side = Move and sell on the side road (half fare)
act-move_in = Move and sell in { $duchy }
act-side_in = Side road (half fare) into { $duchy }
act-walk = Move without selling to { $duchy }
act-pass = Pass (return a trading post)
act-spost = Place a shared trading post
act-done = End turn
act-move_to = { $village }: fare { $cost }, sells for { $price }
act-walk_to = { $village }: pay { $cost }
act-spost_to = Shared post in { $village }
act-prod = Disc on { $good } ({ $value })
act-noprod = No production building

## prompts

prompt-wait = Waiting for the other players.
prompt-tax = Tax official: show your money or pass.
prompt-buy = Place a buyer ({ $left } left) or pass.
prompt-band = Choose a stall or a space.
prompt-band_shared = Choose a stall or a space for the shared buyer.
prompt-rise = Raise the price of { $good }?
prompt-fluct = Price fluctuation: raise the price of a good.
prompt-name = Name the start player.
prompt-prod = Region { $region } enclosed: place a production building?
prompt-prod_shared = Region { $region } enclosed by the shared colour: choose the row for its disc.
prompt-act = Your action ({ $left ->
        [one] { $left } trading post
       *[other] { $left } trading posts
    } left).
prompt-after = Place a shared trading post or end your turn.
prompt-move = Where do you move to sell?
prompt-side = Where do you move on the side road?
prompt-walk = Where do you move (without selling)?
prompt-spost = Where does the shared trading post go?

## events

ev-round = Round { $round }: action tile { $actions }, { $start } starts.
ev-show = { $seat } shows { $amount } money.
ev-hide = { $seat } passes.
ev-tie_random = Tie: counting from { $first } (drawn at random), { $seat } decides.
ev-namer = { $seat } names the start player.
ev-buyer = { $seat } places a buyer on { $where } for { $cost }.
ev-buyer_shared = { $seat } places a shared buyer on { $where }.
ev-pass_buyer = { $seat } passes.
ev-info = { $seat } earns { $amount } for market information.
ev-tile = { $seat } takes { $tile }.
ev-tile_shared = The shared colour takes { $tile }: back into the bag.
ev-tile_stays = { $tile } stays on stall { $stall }.
ev-price = The price of { $good } rises to { $price }.
ev-rise = { $seat } raises the price of { $good } to { $price }.
ev-norise = { $seat } leaves the price.
ev-deal = { $seat } receives 5 money (good deal).
ev-draw = { $seat } had no goods tile and draws { $tile }.
ev-lowest = { $seat } holds the lowest tile ({ $n }).
ev-start = { $seat } names { $start } start player.
ev-pass = { $seat } passes and returns a trading post.
ev-walk = { $seat } moves to { $village } without selling for { $cost }.
ev-move = { $seat } moves to { $village }, fare { $cost }.
ev-sell = { $seat } sells { $good } in { $village } for { $price }.
ev-post_income = { $seat } earns { $amount } for a trading post there.
ev-black = Black market: the other trading posts earn nothing.
ev-spost = { $seat } places a shared trading post in { $village }.
ev-enclose = { $who } encloses region { $region }.
ev-nobility = { $who } takes a nobility place worth { $value }.
ev-nobility_full = No place left on the nobility track for { $who }.
ev-nobility_nodisc = { $who } has no disc left for the nobility track.
ev-noprod_discs = Region { $region } gives { $who } no production building: no disc left.
ev-noprod_full = Region { $region } gives { $who } no production building: no free space on the { $goods } row.
ev-noprod_full_rows = Region { $region } gives { $who } no production building: no free space on the { $goods } rows.
ev-move_side = { $seat } takes the side road to { $village }: half fare { $cost } instead of { $full }; the tile goes back into the bag.
and2 = { $g0 } and { $g1 }
and3 = { $g0 }, { $g1 } and { $g2 }
ev-prod = { $who } builds on the { $good } row for { $value }.
ev-noprod = { $who } builds no production building.
ev-round_end = Round { $round } is over; the tiles go back into the bag.
ev-money = You have { $amount } money.
ev-final = { $seat }: production { $prod }, trading posts { $posts }, main road { $road } → { $total }.
final-prod = Production buildings: { $amount }
final-posts = Trading posts { $a }/{ $b }/{ $c }: { $amount }
final-road = Main road: { $amount }
final-total = Total: { $amount } money, { $discs ->
        [one] { $discs } disc
       *[other] { $discs } discs
    } on the price table
err-not_now = It is not your turn.
err-illegal = That move is not possible now.

## renderer

ui-round = Round { $round }
ui-actions_left = Action tiles left: { $n }
ui-market = Market
ui-prices = Price table
ui-nobility = Nobility
ui-posts = posts { $n }
ui-discs = discs { $n }
ui-buyers = buyers { $n }
ui-start = start player
ui-money = Your money: { $amount }
ui-tiles = Your tiles
ui-no_tiles = no tiles
ui-main_road = main road
ui-bag = bag: { $n ->
        [one] { $n } tile
       *[other] { $n } tiles
    }
ui-turn = to act: { $seat }
ui-over = Game over
ui-winner = Winner: { $seat }
ui-winners = Shared win: { $names }
ui-result_row = { $rank }. { $seat }: { $amount } money · { $discs ->
        [one] { $discs } disc
       *[other] { $discs } discs
    } on the price table
ui-result_detail = production { $prod }, trading posts { $posts }, main road { $road }
ui-tie_discs = Tiebreak ({ $amount } money each): { $seat } has more discs on the price table.
ui-tie_nobility = Tiebreak ({ $amount } money, { $discs ->
        [one] { $discs } disc
       *[other] { $discs } discs
    } each): { $seat } has the nobility disc further right.
ui-tie_shared = Equal in money, discs and nobility: { $names } share the place.
ui-action_tile = action tile:
ui-legend_post = trading post
ui-legend_building = production building (region)
ui-legend_flag = nobility flag
ui-river = river: border of the duchies
ui-shared_left = shared: { $n }

## private summary (offline console)

summary-money = Money: { $amount }
summary-posts = Trading posts: { $n } in front of you, { $supply } in your supply
summary-shared = Shared colour: { $posts ->
        [one] { $posts } trading post
       *[other] { $posts } trading posts
    }, { $buyers ->
        [one] { $buyers } buyer
       *[other] { $buyers } buyers
    }
summary-buyers = Buyers left: { $n }
summary-discs = Production discs left: { $n }
summary-tiles = Tiles ({ $n }): { $tiles }
summary-no_tiles = Tiles: none
